import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { ContentLayout } from '@/components/layouts/content-layout';
import { CreateCredentialForm, CredentialsTable } from '@/features/platform/components/credentials-panel';
import { usePageTitle } from '@/app/route-handle';

/** /credentials: the customer platform's credentials: create (secret shown once), revoke, last use. */
export function CredentialsRoute() {
  const { t } = useTranslation();
  const title = usePageTitle();
  return (
    <ContentLayout title={title}>
      <CreateCredentialForm />
      <Stack spacing={1.5}>
        <Typography variant="h2">{t('Credentials')}</Typography>
        <CredentialsTable />
      </Stack>
    </ContentLayout>
  );
}
