import { useId, type ReactNode } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useTranslation } from 'react-i18next';

export interface ConfirmDialogProps {
  /** Shown unless false (a dialog kept mounted to fade out). */
  open?: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  /** 'error' for what cannot be undone from the page (delete, reject, a two-factor reset). */
  confirmColor?: 'primary' | 'error';
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** Asks before a change; Cancel (or Escape) changes nothing, and neither closes it while the change runs. */
export function ConfirmDialog({
  open = true,
  title,
  children,
  confirmLabel,
  confirmColor = 'primary',
  busy,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  const id = useId();
  const { t } = useTranslation();
  return (
    <Dialog open={open} onClose={busy ? undefined : onCancel} aria-labelledby={`${id}-title`} aria-describedby={`${id}-text`}>
      <DialogTitle id={`${id}-title`}>{title}</DialogTitle>
      <DialogContent>
        <DialogContentText id={`${id}-text`}>{children}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel} disabled={busy}>
          {t('Cancel')}
        </Button>
        <Button variant="contained" color={confirmColor} onClick={onConfirm} loading={busy}>
          {confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
