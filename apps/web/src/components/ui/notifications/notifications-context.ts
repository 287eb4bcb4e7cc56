import { createContext, useContext } from 'react';

export type NotificationSeverity = 'success' | 'error';

export interface Notify {
  (message: string, severity: NotificationSeverity): void;
  success(message: string): void;
  error(message: string): void;
}

export const NotificationsContext = createContext<Notify | null>(null);

/** Shows a message at the bottom right that closes itself after 6 s: `notify.success('Saved')`, `notify.error('...')`. */
export function useNotify(): Notify {
  const notify = useContext(NotificationsContext);
  if (!notify) throw new Error('useNotify must be used inside <NotificationsProvider>');
  return notify;
}
