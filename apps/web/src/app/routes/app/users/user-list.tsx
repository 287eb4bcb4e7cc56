import Stack from '@mui/material/Stack';
import { CsvExportButton } from '@/components/data-grid/csv-export-button';
import { ListTable } from '@/components/data-grid/list-table';
import { ContentLayout } from '@/components/layouts/content-layout';
import { UserCountCard } from '@/features/users/components/user-count-card';
import { usersTable } from '@/features/users/components/users-table';
import { usePageTitle } from '@/app/route-handle';

/** /user-list: the count card and the CSV export, then registered users searched, sorted and paged on the server. */
export function UserListRoute() {
  const title = usePageTitle();
  return (
    <ContentLayout title={title}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ justifyContent: 'space-between', alignItems: { sm: 'flex-end' } }}>
        <UserCountCard />
        <CsvExportButton list={usersTable} />
      </Stack>
      <ListTable list={usersTable} />
    </ContentLayout>
  );
}
