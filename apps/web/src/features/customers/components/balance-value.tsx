import RefreshIcon from '@mui/icons-material/Refresh';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import { useTranslation } from 'react-i18next';
import { formatTokenAmount, MISSING } from '@/lib/format';

/** One wallet balance as a page knows it: still loading, failed (retry possible), read, or none to read. */
export type BalanceState = { status: 'loading' } | { status: 'error'; retry: () => void } | { status: 'done'; value: string | null };

export interface BalanceValueProps {
  state: BalanceState;
  /** What the value is, for screen readers, in the console's language: 'GIDR balance'. */
  label: string;
  /** The grid cell's roving tab index (the retry control is reached with the cell). */
  tabIndex?: 0 | -1;
}

/** A balance with 2 decimals in the Indonesian format; a spinner while it loads; a dash and a retry control when the read failed. */
export function BalanceValue({ state, label, tabIndex }: BalanceValueProps) {
  const { t } = useTranslation();
  if (state.status === 'loading') {
    return (
      <Stack direction="row" sx={{ alignItems: 'center', height: '100%' }}>
        <CircularProgress size={16} aria-label={t('Loading {{label}}', { label })} />
      </Stack>
    );
  }
  if (state.status === 'done') return <>{state.value === null ? MISSING : formatTokenAmount(state.value)}</>;
  return (
    <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', height: '100%' }}>
      <span>{MISSING}</span>
      <Tooltip title={t('The balance could not be read: try again')}>
        <IconButton size="small" aria-label={t('Retry reading the {{label}}', { label })} onClick={state.retry} tabIndex={tabIndex}>
          <RefreshIcon fontSize="inherit" />
        </IconButton>
      </Tooltip>
    </Stack>
  );
}
