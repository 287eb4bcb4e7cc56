import type { Notify } from '@/components/ui/notifications/notifications-context';
import { errorMessage } from '@/lib/api-client';
import { i18n } from '@/lib/i18n';

/**
 * Awaits an action (a mutation's `mutateAsync`) and says how it went: `done` on success (after
 * `then`), 'Fail: ' and the server's message otherwise. Not `mutate`'s own callbacks: React Query
 * drops those when the component unmounts, and a status change unmounts the very section that
 * made it (approve, reject, reset, the detail form). `done` is an English text (or one chosen from
 * the answer), shown in the console's language.
 */
export async function reportOutcome<T>(
  action: Promise<T>,
  notify: Notify,
  done: string | ((result: T) => string),
  then?: (result: T) => void,
): Promise<void> {
  let result: T;
  try {
    result = await action;
  } catch (error) {
    notify.error(i18n.t('Fail: {{reason}}', { reason: errorMessage(error) }));
    return;
  }
  then?.(result);
  notify.success(i18n.t(typeof done === 'function' ? done(result) : done));
}
