import Typography from '@mui/material/Typography';
import { ContentLayout } from '@/components/layouts/content-layout';
import { AddAdminForm } from '@/features/admins/components/add-admin-form';
import { usePageTitle } from '@/app/route-handle';
import { useTranslation } from 'react-i18next';

/** /admin-list/add: create an admin (role Administrator, Active). */
export function AddAdminRoute() {
  const { t } = useTranslation();
  const title = usePageTitle();
  return (
    <ContentLayout title={title}>
      <Typography color="text.secondary">{t('The new admin is an Administrator, Active, and can sign in at once.')}</Typography>
      <AddAdminForm />
    </ContentLayout>
  );
}
