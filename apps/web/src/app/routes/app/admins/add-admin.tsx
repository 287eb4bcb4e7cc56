import Typography from '@mui/material/Typography';
import { ContentLayout } from '@/components/layouts/content-layout';
import { AddAdminForm } from '@/features/admins/components/add-admin-form';
import { usePageTitle } from '@/app/route-handle';

/** /admin-list/add: create an admin (role Administrator, Active). */
export function AddAdminRoute() {
  const title = usePageTitle();
  return (
    <ContentLayout title={title}>
      <Typography color="text.secondary">The new admin is an Administrator, Active, and can sign in at once.</Typography>
      <AddAdminForm />
    </ContentLayout>
  );
}
