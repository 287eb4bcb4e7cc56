import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useNotify } from '@/components/ui/notifications/notifications-context';
import { MISSING, shorten } from '@/lib/format';

interface ChainTextProps {
  /** A transaction hash or a wallet address; null shows a dash. */
  value: string | null;
  /** What it is, for the copy button and its message: 'transaction hash', 'sender address'... */
  name: string;
  /** The grid cell's tab index (the grid moves focus with the arrow keys). */
  tabIndex?: 0 | -1;
  /** Whole (the detail page) instead of cut to 20 characters. */
  full?: boolean;
}

/** A hash or an address in monospace, cut to 20 characters (whole on hover), with a copy button. */
export function ChainText({ value, name, tabIndex, full = false }: ChainTextProps) {
  const notify = useNotify();
  if (!value) return <>{MISSING}</>;

  const copy = () => {
    // navigator.clipboard exists on https and localhost only.
    const written = navigator.clipboard?.writeText(value) ?? Promise.reject(new Error('no clipboard'));
    written.then(
      () => notify.success(`${name[0]!.toUpperCase()}${name.slice(1)} copied`),
      () => notify.error(`The ${name} could not be copied`),
    );
  };

  const text = (
    <Typography
      variant="body2"
      component="span"
      sx={{ fontFamily: 'ui-monospace, monospace', fontSize: full ? undefined : '0.7rem', overflowWrap: 'anywhere' }}
    >
      {full ? value : shorten(value)}
    </Typography>
  );
  return (
    <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', minWidth: 0, height: '100%' }}>
      {full ? text : <Tooltip title={value}>{text}</Tooltip>}
      <IconButton size="small" aria-label={`copy ${name}`} onClick={copy} tabIndex={tabIndex}>
        <ContentCopyIcon fontSize="inherit" />
      </IconButton>
    </Stack>
  );
}
