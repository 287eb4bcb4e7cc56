import Stack from '@mui/material/Stack';
import { CsvExportButton } from '@/components/data-grid/csv-export-button';
import { ListTable } from '@/components/data-grid/list-table/list-table';
import { useList } from '@/components/data-grid/use-list';
import { ContentLayout } from '@/components/layouts/content-layout';
import { IndexerHaltedBanner } from '@/features/reserves/components/indexer-status';
import { TransactionCountCard } from '@/features/transactions/components/transaction-count-card';
import { transactionsTable } from '@/features/transactions/components/transactions-table';
import { usePageTitle } from '@/app/route-handle';

/**
 * /transaction-list: 'Transactions Made', then the token's transactions paged, sorted and searched
 * on the server; above them, a halted chain indexer's error (the list no longer follows the chain).
 */
export function TransactionListRoute() {
  const title = usePageTitle();
  const list = useList(transactionsTable);
  return (
    <ContentLayout title={title}>
      <IndexerHaltedBanner />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ justifyContent: 'space-between', alignItems: { sm: 'flex-end' } }}>
        <TransactionCountCard />
        <CsvExportButton list={list} />
      </Stack>
      <ListTable list={list} />
    </ContentLayout>
  );
}
