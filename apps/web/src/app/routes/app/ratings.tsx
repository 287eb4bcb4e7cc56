import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useList } from '@/components/data-grid/use-list';
import { ContentLayout } from '@/components/layouts/content-layout';
import { RedemptionCountCard } from '@/features/redemptions/components/redemption-count-card';
import { RedemptionsTable, redemptionsTable } from '@/features/redemptions/components/redemptions-table';
import { usePageTitle } from '@/app/route-handle';

/** /ratings: the 'Total Redemption' card and every redemption (server-paged, read-only rows). */
export function RatingsRoute() {
  const { t } = useTranslation();
  const title = usePageTitle();
  const list = useList(redemptionsTable);
  return (
    <ContentLayout title={title}>
      <RedemptionCountCard title={t('Total Redemption')} />
      <Stack spacing={1.5} component="section" aria-labelledby="ratings-redemption-list">
        <Typography id="ratings-redemption-list" variant="h2">
          {t('Redemption List')}
        </Typography>
        <RedemptionsTable list={list} label={t('Redemption List')} />
      </Stack>
    </ContentLayout>
  );
}
