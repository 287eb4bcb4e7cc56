import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useNotify } from '@/components/ui/notifications/notifications-context';
import { MISSING, shorten } from '@/lib/format';

/**
 * A wallet address shortened to 20 characters (the whole one on hover) with a copy button;
 * `full` shows it whole (the detail page).
 */
export function WalletAddress({ address, tabIndex, full = false }: { address: string | null; tabIndex?: 0 | -1; full?: boolean }) {
  const { t } = useTranslation();
  const notify = useNotify();
  if (!address) return <>{MISSING}</>;

  const copy = () => {
    // navigator.clipboard exists on https and localhost only.
    const written = navigator.clipboard?.writeText(address) ?? Promise.reject(new Error('no clipboard'));
    written.then(
      () => notify.success(t('Wallet address copied')),
      () => notify.error(t('The wallet address could not be copied')),
    );
  };

  return (
    <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', minWidth: 0, height: '100%' }}>
      {full ? (
        <Typography variant="body2" component="span" sx={{ fontFamily: 'ui-monospace, monospace', overflowWrap: 'anywhere' }}>
          {address}
        </Typography>
      ) : (
        <Tooltip title={address}>
          <Typography variant="body2" component="span" sx={{ fontFamily: 'ui-monospace, monospace', fontSize: '0.75rem' }}>
            {shorten(address)}
          </Typography>
        </Tooltip>
      )}
      <IconButton size="small" aria-label={t('copy wallet address')} onClick={copy} tabIndex={tabIndex}>
        <ContentCopyIcon fontSize="inherit" />
      </IconButton>
    </Stack>
  );
}
