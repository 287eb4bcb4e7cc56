import { useCallback, useMemo, useState, type ReactNode, type SyntheticEvent } from 'react';
import Alert from '@mui/material/Alert';
import Snackbar, { type SnackbarCloseReason } from '@mui/material/Snackbar';
import { NOTIFICATION_AUTO_HIDE_MS } from '@/config/constants';
import { NotificationsContext, type Notify, type NotificationSeverity } from './notifications-context';

interface Notification {
  key: number;
  message: string;
  severity: NotificationSeverity;
}

/** One notification at a time; a new one replaces the one showing. */
export function NotificationsProvider({ children }: { children: ReactNode }) {
  const [current, setCurrent] = useState<Notification | null>(null);
  const [open, setOpen] = useState(false);

  const show = useCallback((message: string, severity: NotificationSeverity) => {
    setCurrent({ key: Date.now() + Math.random(), message, severity });
    setOpen(true);
  }, []);

  const notify = useMemo<Notify>(
    () =>
      Object.assign((message: string, severity: NotificationSeverity) => show(message, severity), {
        success: (message: string) => show(message, 'success'),
        error: (message: string) => show(message, 'error'),
      }),
    [show],
  );

  const handleClose = (_event: SyntheticEvent | Event, reason?: SnackbarCloseReason) => {
    if (reason === 'clickaway') return;
    setOpen(false);
  };

  return (
    <NotificationsContext.Provider value={notify}>
      {children}
      <Snackbar
        key={current?.key}
        open={open}
        autoHideDuration={NOTIFICATION_AUTO_HIDE_MS}
        onClose={handleClose}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
      >
        <Alert onClose={handleClose} severity={current?.severity ?? 'success'} variant="filled" sx={{ width: '100%' }}>
          {current?.message}
        </Alert>
      </Snackbar>
    </NotificationsContext.Provider>
  );
}
