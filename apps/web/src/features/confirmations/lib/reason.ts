import { declineBody } from '@gold/contract';
import { translateServerMessage } from '@/lib/i18n';

/** Why a decline's reason cannot be sent, in the contract's (the server's) words; null when it can. */
export function reasonProblem(reason: string): string | null {
  const checked = declineBody.shape.reason.safeParse(reason);
  return checked.success ? null : translateServerMessage(checked.error.issues[0]?.message ?? 'reason is required');
}
