import type { ReactNode } from 'react';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { ChainTransactionKind, ChainTransactionState, ReconciliationKind } from '@gold/contract';
import { paths } from '@/config/paths';
import { MISSING, shorten } from '@/lib/format';

/** Each reconciliation kind as operators read it (English keys, translated where drawn). */
export const reconciliationKindLabels: Record<ReconciliationKind, string> = {
  'redemption-not-burned': 'Handed over, not burned',
  'burn-amount-differs': 'Burn amount differs',
  'burn-not-indexed': 'Burn not seen on chain',
  'deposit-unmatched': 'Unmatched deposit',
  'rejected-not-refunded': 'Rejected, not refunded',
  'burn-unrecorded': 'Burn nobody sent',
  'transaction-failed': 'Transaction failed',
};

export const chainTransactionKindLabels: Record<ChainTransactionKind, string> = {
  burn: 'Burn',
  fee: 'Fee to treasury',
  refund: 'Refund',
};

export const chainTransactionStateLabels: Record<ChainTransactionState, string> = {
  queued: 'Queued',
  signed: 'Signed',
  sent: 'Sent',
  final: 'Final',
  failed: 'Failed',
};

const stateColors = { queued: 'default', signed: 'info', sent: 'warning', final: 'success', failed: 'error' } as const;

/** A chain transaction's state as a chip: final green, failed red, the ones in flight neutral to amber. */
export function ChainStateChip({ state }: { state: ChainTransactionState }) {
  const { t } = useTranslation();
  return (
    <Chip
      size="small"
      label={t(chainTransactionStateLabels[state])}
      color={stateColors[state]}
      variant={state === 'queued' ? 'outlined' : 'filled'}
    />
  );
}

/** A transaction hash linking to its transfers in the Transaction List (the indexed chain), whole on hover. */
export function TxHashLink({ hash, tabIndex }: { hash: string | null; tabIndex?: 0 | -1 }) {
  if (!hash) return <>{MISSING}</>;
  return (
    <Tooltip title={hash}>
      <Link
        component={RouterLink}
        to={`${paths.app.transactions.getHref()}?${new URLSearchParams({ search: hash }).toString()}`}
        tabIndex={tabIndex}
        sx={{ fontFamily: 'ui-monospace, monospace', fontSize: '0.75rem' }}
      >
        {shorten(hash)}
      </Link>
    </Tooltip>
  );
}

/** A link to a redemption's detail page, named by its id. */
export function RedemptionLink({ id, tabIndex }: { id: number | null; tabIndex?: 0 | -1 }) {
  const { t } = useTranslation();
  if (id === null) return <>{MISSING}</>;
  return (
    <Link component={RouterLink} to={paths.app.redemptionDetail.getHref(id)} tabIndex={tabIndex}>
      {t('Redemption {{id}}', { id })}
    </Link>
  );
}

/** Whole days, hours and minutes since something happened: '2 d 3 h', '5 h 10 min', '4 min'. */
export function formatElapsed(seconds: number): string {
  const minutes = Math.floor(seconds / 60);
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  if (days > 0) return `${days} d ${hours} h`;
  if (hours > 0) return `${hours} h ${minutes % 60} min`;
  return `${minutes} min`;
}

/** The chip that says an item resolves by itself once its transaction or transfer is final. */
export function InFlightChip() {
  const { t } = useTranslation();
  return (
    <Tooltip title={t('Resolves by itself once its transaction or transfer is final')}>
      <Chip size="small" variant="outlined" color="info" label={t('In flight')} />
    </Tooltip>
  );
}

/** Cells with a chip beside a text, centred in the row. */
export function CellRow({ children }: { children: ReactNode }) {
  return (
    <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', height: '100%', minWidth: 0 }}>
      {children}
    </Stack>
  );
}

/** A wallet address in monospace, cut to 20 characters (whole on hover). */
export function AddressText({ address }: { address: string }) {
  return (
    <Tooltip title={address}>
      <Typography variant="body2" component="span" sx={{ fontFamily: 'ui-monospace, monospace', fontSize: '0.75rem' }}>
        {shorten(address)}
      </Typography>
    </Tooltip>
  );
}
