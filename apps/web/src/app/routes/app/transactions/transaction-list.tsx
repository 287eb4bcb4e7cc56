import Stack from '@mui/material/Stack';
import { CsvExportButton } from '@/components/data-grid/csv-export-button';
import { ListTable } from '@/components/data-grid/list-table/list-table';
import { useList } from '@/components/data-grid/use-list';
import { ContentLayout } from '@/components/layouts/content-layout';
import { TransactionCountCard } from '@/features/transactions/components/transaction-count-card';
import { transactionsTable } from '@/features/transactions/components/transactions-table';
import { usePageTitle } from '@/app/route-handle';

/** /transaction-list: 'Transactions Made', then the token's transactions paged, sorted and searched on the server. */
export function TransactionListRoute() {
  const title = usePageTitle();
  const list = useList(transactionsTable);
  return (
    <ContentLayout title={title}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ justifyContent: 'space-between', alignItems: { sm: 'flex-end' } }}>
        <TransactionCountCard />
        <CsvExportButton list={list} />
      </Stack>
      <ListTable list={list} />
    </ContentLayout>
  );
}
