import AddIcon from '@mui/icons-material/Add';
import Button from '@mui/material/Button';
import { Link as RouterLink } from 'react-router';
import { useList } from '@/components/data-grid/use-list';
import { ContentLayout } from '@/components/layouts/content-layout';
import { paths } from '@/config/paths';
import { AdminCountCard } from '@/features/admins/components/admin-count-card';
import { adminsTable, AdminsTable } from '@/features/admins/components/admins-table';
import { useSession } from '@/features/auth/api/get-session';
import { usePageTitle } from '@/app/route-handle';
import { useTranslation } from 'react-i18next';
import { usePermission } from '@/lib/permissions';

/** /admin-list: 'Registered Admin', then the admins paged, sorted and searched on the server; Add Admin above. */
export function AdminListRoute() {
  const { t } = useTranslation();
  const title = usePageTitle();
  const session = useSession();
  const list = useList(adminsTable);
  const mayManage = usePermission('admins');
  return (
    <ContentLayout
      title={title}
      actions={
        mayManage ? (
          <Button component={RouterLink} to={paths.app.addAdmin.getHref()} variant="contained" startIcon={<AddIcon />}>
            {t('Add Admin')}
          </Button>
        ) : undefined
      }
    >
      <AdminCountCard />
      <AdminsTable list={list} signedInAdminId={session.data?.admin.id} />
    </ContentLayout>
  );
}
