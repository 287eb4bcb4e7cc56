import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { adminDialogTitles, isFailure, type Outcome } from '../lib/outcome';
import { useTranslation } from 'react-i18next';

interface OutcomeDialogProps {
  outcome: Outcome;
  onClose: () => void;
}

/** 'Data Update Success', 'Data Update Error', 'Data Remove Successfuly', 'Data Remove Error', 'Password is Not Match': stays until OK. */
export function OutcomeDialog({ outcome, onClose }: OutcomeDialogProps) {
  const { t } = useTranslation();
  const failed = isFailure(outcome);
  return (
    <Dialog
      open
      onClose={onClose}
      role={failed ? 'alertdialog' : 'dialog'}
      aria-labelledby="admin-outcome-title"
      aria-describedby="admin-outcome-text"
    >
      <DialogTitle id="admin-outcome-title" sx={{ color: failed ? 'error.main' : 'success.dark' }}>
        {t(adminDialogTitles[outcome.kind])}
      </DialogTitle>
      <DialogContent>
        <DialogContentText id="admin-outcome-text">{outcome.message}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={onClose} autoFocus>
          {t('OK')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
