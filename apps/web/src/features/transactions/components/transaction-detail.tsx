import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
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

/** One transaction, read-only: hash, from, to, date, type, amount; a dash for a missing value. */
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
          ]}
        />
      </Paper>
      <BackToList />
    </Box>
  );
}
