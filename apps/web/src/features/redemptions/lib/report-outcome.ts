import type { Notify } from '@/components/ui/notifications/notifications-context';
import { errorMessage } from '@/lib/api-client';

/**
 * Awaits an action (a mutation's `mutateAsync`) and says how it went: `done` on success (after
 * `then`), 'Fail: ' and the server's message otherwise. Not `mutate`'s own callbacks: React Query
 * drops those when the component unmounts, and a status change unmounts the very section that
 * made it (Approve, Reject, Reset, the detail form).
 */
export async function reportOutcome<T>(action: Promise<T>, notify: Notify, done: string, then?: (result: T) => void): Promise<void> {
  let result: T;
  try {
    result = await action;
  } catch (error) {
    notify.error(`Fail: ${errorMessage(error)}`);
    return;
  }
  then?.(result);
  notify.success(done);
}
