import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { translateServerMessage } from '@/lib/i18n';
import { useTranslation } from 'react-i18next';

/** The sign-in failure dialog: 'Credentials Error' and what the server said (wrong credentials, throttling...). */
export function CredentialsErrorDialog({ open, message, onClose }: { open: boolean; message?: string | undefined; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Dialog
      open={open}
      onClose={onClose}
      aria-labelledby="credentials-error-title"
      aria-describedby="credentials-error-message"
      maxWidth="xs"
      fullWidth
    >
      <DialogTitle id="credentials-error-title">{t('Credentials Error')}</DialogTitle>
      <DialogContent>
        <DialogContentText id="credentials-error-message">
          {message ? translateServerMessage(message) : t('Signing in failed. Please try again.')}
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} variant="contained" autoFocus>
          {t('Close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
