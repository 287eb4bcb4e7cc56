import Stack from '@mui/material/Stack';
import { CsvExportButton } from '@/components/data-grid/csv-export-button';
import { ListTable } from '@/components/data-grid/list-table/list-table';
import { useList } from '@/components/data-grid/use-list';
import { ContentLayout } from '@/components/layouts/content-layout';
import { PurchaseCountCard } from '@/features/purchases/components/purchase-count-card';
import { purchasesTable } from '@/features/purchases/components/purchases-table';
import { usePageTitle } from '@/app/route-handle';

/** /purchased-list: the purchase count card, then {product} purchases paged, sorted and searched on the server. */
export function PurchaseListRoute() {
  const title = usePageTitle();
  const list = useList(purchasesTable);
  return (
    <ContentLayout title={title}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ justifyContent: 'space-between', alignItems: { sm: 'flex-end' } }}>
        <PurchaseCountCard />
        <CsvExportButton list={list} />
      </Stack>
      <ListTable list={list} />
    </ContentLayout>
  );
}
