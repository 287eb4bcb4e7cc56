import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useNotify } from '@/components/ui/notifications/notifications-context';
import { MISSING, shorten } from '@/lib/format';

/** What a hash or an address is, in the copy button's name and its messages (English keys, translated where drawn). */
const chainTextKinds = {
  hash: { copy: 'copy transaction hash', copied: 'Transaction hash copied', failed: 'The transaction hash could not be copied' },
  sender: { copy: 'copy sender address', copied: 'Sender address copied', failed: 'The sender address could not be copied' },
  receiver: { copy: 'copy receiver address', copied: 'Receiver address copied', failed: 'The receiver address could not be copied' },
} as const;

type ChainTextKind = keyof typeof chainTextKinds;

interface ChainTextProps {
  /** A transaction hash or a wallet address; null shows a dash. */
  value: string | null;
  /** What it is: the transaction's hash, its sender's or its receiver's address. */
  kind: ChainTextKind;
  /** The grid cell's tab index (the grid moves focus with the arrow keys). */
  tabIndex?: 0 | -1;
  /** Whole (the detail page) instead of cut to 20 characters. */
  full?: boolean;
}

/** A hash or an address in monospace, cut to 20 characters (whole on hover), with a copy button. */
export function ChainText({ value, kind, tabIndex, full = false }: ChainTextProps) {
  const { t } = useTranslation();
  const notify = useNotify();
  const texts = chainTextKinds[kind];
  if (!value) return <>{MISSING}</>;

  const copy = () => {
    // navigator.clipboard exists on https and localhost only.
    const written = navigator.clipboard?.writeText(value) ?? Promise.reject(new Error('no clipboard'));
    written.then(
      () => notify.success(t(texts.copied)),
      () => notify.error(t(texts.failed)),
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
      <IconButton size="small" aria-label={t(texts.copy)} onClick={copy} tabIndex={tabIndex}>
        <ContentCopyIcon fontSize="inherit" />
      </IconButton>
    </Stack>
  );
}
