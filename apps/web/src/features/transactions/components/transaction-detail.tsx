import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { TransactionDetail as TransactionDetailData } from '@gold/contract';
import { QueryError } from '@/components/query-state';
import { FieldList } from '@/components/ui/field-list';
import { paths } from '@/config/paths';
import { isApiError } from '@/lib/api-client';
import { useProductSymbol } from '@/lib/app-config';
import { formatDateTime, formatTokenAmount, orDash } from '@/lib/format';
import { useTransaction } from '../api/get-transaction';
import { transactionTypeLabels } from '../lib/transaction-types';
import { ChainText } from './chain-text';

function BackToList() {
  const { t } = useTranslation();
  return (
    <Button component={RouterLink} to={paths.app.transactions.getHref()} sx={{ alignSelf: 'flex-start' }}>
      {t('Back to Transaction List')}
    </Button>
  );
}

/**
 * Pending (its block is above the node's finalized block: it may still leave the list) or final,
 * with the block it was read from; rows stored without a chain have no block and are final.
 */
function Finality({ row }: { row: TransactionDetailData }) {
  const { t } = useTranslation();
  const block = row.blockNumber === null ? null : t('Block {{block}}', { block: row.blockNumber.toLocaleString('id-ID') });
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
      <Chip size="small" variant="outlined" color={row.pending ? 'warning' : 'success'} label={row.pending ? t('Pending') : t('Final')} />
      {block && <span>{block}</span>}
      {row.pending && (
        <Typography component="span" variant="body2" color="text.secondary">
          {t('Not final yet: its block can still be replaced on the chain')}
        </Typography>
      )}
    </Stack>
  );
}

/** One transaction, read-only: hash, from, to, date, type, amount, pending or final; a dash for a missing value. */
export function TransactionDetail({ id }: { id: number | null }) {
  const { t } = useTranslation();
  const product = useProductSymbol();
  const transaction = useTransaction(id);

  if (id === null) {
    return (
      <Box sx={{ display: 'grid', gap: 2 }}>
        <Alert severity="error">{t('There is no transaction with this id.')}</Alert>
        <BackToList />
      </Box>
    );
  }
  if (transaction.error) {
    return (
      <Box sx={{ display: 'grid', gap: 2 }}>
        <QueryError
          error={transaction.error}
          retrying={transaction.isFetching}
          // An unknown transaction stays unknown: nothing to retry.
          onRetry={isApiError(transaction.error, 404) ? undefined : () => void transaction.refetch()}
        />
        <BackToList />
      </Box>
    );
  }

  const row = transaction.data;
  const loading = (width: number) => <Skeleton width={width} aria-hidden />;
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Paper variant="outlined" component="section" aria-label={t('Transaction')} aria-busy={!row} sx={{ p: 3 }}>
        <FieldList
          fields={[
            { label: t('Transaction Hash'), value: row ? <ChainText value={row.txhash} kind="hash" full /> : loading(320) },
            { label: t('From'), value: row ? <ChainText value={row.from} kind="sender" full /> : loading(300) },
            { label: t('To'), value: row ? <ChainText value={row.to} kind="receiver" full /> : loading(300) },
            { label: t('Date'), value: row ? formatDateTime(row.date) : loading(160) },
            { label: t('Type'), value: row ? orDash(t(transactionTypeLabels[row.status] ?? row.status)) : loading(80) },
            { label: t('Amount in {{product}}', { product }), value: row ? formatTokenAmount(row.amount) : loading(100) },
            { label: t('Finality'), value: row ? <Finality row={row} /> : loading(120) },
          ]}
        />
      </Paper>
      <BackToList />
    </Box>
  );
}
