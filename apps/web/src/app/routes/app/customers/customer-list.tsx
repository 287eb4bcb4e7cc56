import Stack from '@mui/material/Stack';
import { CsvExportButton } from '@/components/data-grid/csv-export-button';
import { ListTable } from '@/components/data-grid/list-table/list-table';
import { useList } from '@/components/data-grid/use-list';
import { ContentLayout } from '@/components/layouts/content-layout';
import { CustomerCountCard } from '@/features/customers/components/customer-count-card';
import { customersTable } from '@/features/customers/components/customers-table';
import { usePageTitle } from '@/app/route-handle';

/** /user-list: the count card and the CSV export, then registered customers searched, sorted and paged on the server. */
export function CustomerListRoute() {
  const title = usePageTitle();
  const list = useList(customersTable);
  return (
    <ContentLayout title={title}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ justifyContent: 'space-between', alignItems: { sm: 'flex-end' } }}>
        <CustomerCountCard />
        <CsvExportButton list={list} />
      </Stack>
      <ListTable list={list} />
    </ContentLayout>
  );
}
