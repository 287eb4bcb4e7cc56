import { useState } from 'react';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import DownloadIcon from '@mui/icons-material/Download';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

const FILE_NAME = 'back-office-recovery-codes.txt';

function codesText(codes: readonly string[], account: string | undefined): string {
  const heading = `Gold Back Office recovery codes${account ? ` for ${account}` : ''}`;
  return `${heading}\nEach code signs in once, in place of the code from the authenticator app.\n\n${codes.join('\n')}\n`;
}

interface RecoveryCodesProps {
  codes: readonly string[];
  /** The admin's e-mail, written at the top of the downloaded file. */
  account?: string | undefined;
  /** The button that leaves this view: the codes are never shown again. */
  doneLabel: string;
  onDone: () => void;
}

/**
 * The ten one-use recovery codes, shown once right after enrolment (the server keeps only their
 * hashes): a clear warning, the codes, Copy and Download, and one button to go on.
 */
export function RecoveryCodes({ codes, account, doneLabel, onDone }: RecoveryCodesProps) {
  const { t } = useTranslation();
  const [copyState, setCopyState] = useState('');

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(codesText(codes, account));
      setCopyState(t('Recovery codes copied.'));
    } catch {
      setCopyState(t('Copying is blocked here: select the codes and copy them by hand, or download them.'));
    }
  };

  const download = () => {
    const url = URL.createObjectURL(new Blob([codesText(codes, account)], { type: 'text/plain;charset=utf-8' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = FILE_NAME;
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  };

  return (
    <Stack spacing={2}>
      <Alert severity="warning">
        {t(
          'Save these recovery codes now: they are shown only this once. Each one signs you in once if you lose the phone with your authenticator app. Keep them somewhere safe, away from your password.',
        )}
      </Alert>
      <Box
        component="ol"
        aria-label={t('Recovery codes')}
        data-testid="recovery-codes"
        sx={{
          m: 0,
          p: 2,
          pl: 5,
          display: 'grid',
          gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' },
          columnGap: 4,
          rowGap: 0.5,
          bgcolor: 'action.hover',
          borderRadius: 1,
          fontFamily: 'monospace',
          fontSize: '1rem',
        }}
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </Box>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
        <Button variant="outlined" startIcon={<ContentCopyIcon />} onClick={() => void copy()}>
          {t('Copy')}
        </Button>
        <Button variant="outlined" startIcon={<DownloadIcon />} onClick={download}>
          {t('Download')}
        </Button>
      </Stack>
      <Typography role="status" variant="body2" color="text.secondary" sx={{ minHeight: '1.5em' }}>
        {copyState}
      </Typography>
      <Button variant="contained" onClick={onDone}>
        {doneLabel}
      </Button>
    </Stack>
  );
}
