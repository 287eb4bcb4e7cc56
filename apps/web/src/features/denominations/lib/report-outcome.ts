import type { Notify } from '@/components/ui/notifications/notifications-context';
import { errorMessage } from '@/lib/api-client';
import { i18n } from '@/lib/i18n';

/**
 * Awaits an action (a mutation's `mutateAsync`) and shows the spec's notice: `done` on success
 * (after `then`), `failed` with the server's reason otherwise (after `otherwise`). Not `mutate`'s
 * own callbacks: React Query drops those when the component unmounts (a card that moves to
 * another page once a larger denom is added). Notices are English texts, shown in the console's
 * language.
 */
export async function reportOutcome<T>(
  action: Promise<T>,
  notify: Notify,
  notices: { done: string | ((result: T) => string); failed: string },
  then?: (result: T) => void,
  otherwise?: () => void,
): Promise<void> {
  let result: T;
  try {
    result = await action;
  } catch (error) {
    otherwise?.();
    // A spec notice followed by the server's reason: 'Error adding amount: amount must be positive'.
    notify.error(`${i18n.t(notices.failed)}: ${errorMessage(error)}`);
    return;
  }
  then?.(result);
  notify.success(i18n.t(typeof notices.done === 'function' ? notices.done(result) : notices.done));
}
