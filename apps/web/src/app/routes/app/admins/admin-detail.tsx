import Alert from '@mui/material/Alert';
import { useParams } from 'react-router';
import { idParams } from '@gold/contract';
import { ContentLayout } from '@/components/layouts/content-layout';
import { AdminDetailView } from '@/features/admins/components/admin-detail';
import { useSession } from '@/features/auth/api/get-session';
import { usePageTitle } from '@/app/route-handle';
import { useTranslation } from 'react-i18next';

/** /admin-list/:id: one admin read-only, its status and password, reset two-factor and delete. */
export function AdminDetailRoute() {
  const { t } = useTranslation();
  const title = usePageTitle();
  const session = useSession();
  const parsed = idParams.safeParse(useParams());
  return (
    <ContentLayout title={title}>
      {parsed.success ? (
        <AdminDetailView key={parsed.data.id} id={parsed.data.id} signedInAdminId={session.data?.admin.id} />
      ) : (
        <Alert severity="error">{t('This address names no admin: open one from the Admin List.')}</Alert>
      )}
    </ContentLayout>
  );
}
