import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';

/** The sign-in failure dialog: 'Credentials Error' and what the server said (wrong credentials, throttling...). */
export function CredentialsErrorDialog({ open, message, onClose }: { open: boolean; message?: string | undefined; onClose: () => void }) {
  return (
    <Dialog
      open={open}
      onClose={onClose}
      aria-labelledby="credentials-error-title"
      aria-describedby="credentials-error-message"
      maxWidth="xs"
      fullWidth
    >
      <DialogTitle id="credentials-error-title">Credentials Error</DialogTitle>
      <DialogContent>
        <DialogContentText id="credentials-error-message">{message || 'Signing in failed. Please try again.'}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} variant="contained" autoFocus>
          Close
        </Button>
      </DialogActions>
    </Dialog>
  );
}
