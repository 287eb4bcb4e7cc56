import Stack from '@mui/material/Stack';
import { transactionListQuery } from '@gold/contract';
import { CsvExportButton } from '@/components/data-grid/csv-export-button';
import { ContentLayout } from '@/components/layouts/content-layout';
import { TransactionCountCard } from '@/features/transactions/components/transaction-count-card';
import { TransactionsTable } from '@/features/transactions/components/transactions-table';
import { usePageTitle } from '@/app/route-handle';

/** /transaction-list: 'Transactions Made', then the token's transactions paged, sorted and searched on the server. */
export function TransactionListRoute() {
  const title = usePageTitle();
  return (
    <ContentLayout title={title}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ justifyContent: 'space-between', alignItems: { sm: 'flex-end' } }}>
        <TransactionCountCard />
        <CsvExportButton resource="transactions" schema={transactionListQuery} />
      </Stack>
      <TransactionsTable />
    </ContentLayout>
  );
}
