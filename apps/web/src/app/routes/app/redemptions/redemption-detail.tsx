import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ContentLayout } from '@/components/layouts/content-layout';
import { EmptyState } from '@/components/ui/empty-state';
import { RedemptionDetail } from '@/features/redemptions/components/redemption-detail';
import { RedemptionSettlementCard } from '@/features/settlement/components/redemption-settlement-card';
import { parseRedemptionId } from '@/features/redemptions/lib/redemption-links';
import { usePageTitle } from '@/app/route-handle';

/** /redemption-list/detail?id={id}: a redemption read-only, its allowed status changes and its history; its settlement below. */
export function RedemptionDetailRoute() {
  const { t } = useTranslation();
  const title = usePageTitle();
  const [searchParams] = useSearchParams();
  const id = parseRedemptionId(searchParams.get('id'));
  return (
    <ContentLayout title={title}>
      {id === null ? (
        <EmptyState message={t('No redemption selected.')} />
      ) : (
        <Stack spacing={3}>
          <RedemptionDetail key={id} id={id} />
          <RedemptionSettlementCard key={`settlement-${id}`} id={id} />
        </Stack>
      )}
    </ContentLayout>
  );
}
