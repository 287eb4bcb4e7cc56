import { rejectRedemptionBody } from '@gold/contract';

/** The one-time code typed at the counter, checked before anything is sent: what is wrong with it, or null for 6 digits. */
export function otpProblem(text: string): string | null {
  const code = text.trim();
  if (code === '') return 'Enter the 6-digit code the customer received.';
  if (!/^\d{6}$/.test(code)) return 'The code is exactly 6 digits (0-9).';
  return null;
}

const MAX_REASON = 500;

/** What is wrong with a reject reason before anything is sent, or null (the contract's rules, in the operator's words). */
export function reasonProblem(text: string): string | null {
  const reason = text.trim();
  if (reason === '') return 'Enter the reason for rejecting this redemption.';
  if (reason.length > MAX_REASON) return `The reason can have at most ${MAX_REASON} characters.`;
  const parsed = rejectRedemptionBody.shape.reason.safeParse(reason);
  return parsed.success ? null : 'The reason must be plain text (no control characters).';
}
