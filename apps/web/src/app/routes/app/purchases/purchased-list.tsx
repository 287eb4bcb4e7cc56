import Stack from '@mui/material/Stack';
import { CsvExportButton } from '@/components/data-grid/csv-export-button';
import { ListTable } from '@/components/data-grid/list-table';
import { ContentLayout } from '@/components/layouts/content-layout';
import { OrderCountCard } from '@/features/orders/components/order-count-card';
import { ordersTable } from '@/features/orders/components/orders-table';
import { usePageTitle } from '@/app/route-handle';

/** /purchased-list: the purchase count card, then {product} purchases paged, sorted and searched on the server. */
export function PurchasedListRoute() {
  const title = usePageTitle();
  return (
    <ContentLayout title={title}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ justifyContent: 'space-between', alignItems: { sm: 'flex-end' } }}>
        <OrderCountCard />
        <CsvExportButton list={ordersTable} />
      </Stack>
      <ListTable list={ordersTable} />
    </ContentLayout>
  );
}
