import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { ContentLayout } from '@/components/layouts/content-layout';
import { RedemptionLimitForm } from '@/features/denominations/components/redemption-limit-form';
import { RedemptionLimitTable } from '@/features/denominations/components/redemption-limit-table';
import { usePageTitle } from '@/app/route-handle';
import { usePermission } from '@/lib/permissions';

/** /redemption-limit: the largest denomination customers may request, and every change of it. */
export function RedemptionLimitRoute() {
  const { t } = useTranslation();
  const title = usePageTitle();
  const maySetLimit = usePermission('settings');
  return (
    <ContentLayout title={title}>
      {maySetLimit && <RedemptionLimitForm />}
      <Stack spacing={1.5}>
        <Typography variant="h2">{t('Limit History')}</Typography>
        <RedemptionLimitTable />
      </Stack>
    </ContentLayout>
  );
}
