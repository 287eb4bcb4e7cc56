import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import { Link as RouterLink } from 'react-router';
import { FieldList } from '@/components/ui/field-list';
import { paths } from '@/config/paths';
import { isApiError } from '@/lib/api-client';
import { useProductSymbol } from '@/lib/app-config';
import { formatDateTime, formatTokenAmount, orDash } from '@/lib/format';
import { useTransaction } from '../api/get-transaction';
import { transactionTypeLabels } from '../lib/transaction-types';
import { ChainText } from './chain-text';

const backLink = (
  <Button component={RouterLink} to={paths.app.transactions.getHref()} sx={{ alignSelf: 'flex-start' }}>
    Back to Transaction List
  </Button>
);

/** One transaction, read-only: hash, from, to, date, type, amount; a dash for a missing value. */
export function TransactionDetail({ id }: { id: number | null }) {
  const product = useProductSymbol();
  const transaction = useTransaction(id);

  if (id === null) {
    return (
      <Box sx={{ display: 'grid', gap: 2 }}>
        <Alert severity="error">There is no transaction with this id.</Alert>
        {backLink}
      </Box>
    );
  }
  if (transaction.error) {
    const message = isApiError(transaction.error) ? transaction.error.message : 'The server sent an answer the console cannot read.';
    return (
      <Box sx={{ display: 'grid', gap: 2 }}>
        <Alert
          severity="error"
          action={
            isApiError(transaction.error, 404) ? undefined : (
              <Button color="inherit" size="small" onClick={() => void transaction.refetch()}>
                Retry
              </Button>
            )
          }
        >
          {message}
        </Alert>
        {backLink}
      </Box>
    );
  }

  const row = transaction.data;
  const loading = (width: number) => <Skeleton width={width} aria-hidden />;
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Paper variant="outlined" component="section" aria-label="Transaction" aria-busy={!row} sx={{ p: 3 }}>
        <FieldList
          fields={[
            { label: 'Transaction Hash', value: row ? <ChainText value={row.txhash} name="transaction hash" full /> : loading(320) },
            { label: 'From', value: row ? <ChainText value={row.from} name="sender address" full /> : loading(300) },
            { label: 'To', value: row ? <ChainText value={row.to} name="receiver address" full /> : loading(300) },
            { label: 'Date', value: row ? formatDateTime(row.date) : loading(160) },
            { label: 'Type', value: row ? orDash(transactionTypeLabels[row.status] ?? row.status) : loading(80) },
            { label: `Amount in ${product}`, value: row ? formatTokenAmount(row.amount) : loading(100) },
          ]}
        />
      </Paper>
      {backLink}
    </Box>
  );
}
