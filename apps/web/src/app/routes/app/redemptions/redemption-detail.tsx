import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ContentLayout } from '@/components/layouts/content-layout';
import { EmptyState } from '@/components/ui/empty-state';
import { RedemptionDetail } from '@/features/redemptions/components/redemption-detail';
import { parseRedemptionId } from '@/features/redemptions/lib/redemption-links';
import { usePageTitle } from '@/app/route-handle';

/** /redemption-list/detail?id={id}: a redemption read-only, its allowed status changes and its history. */
export function RedemptionDetailRoute() {
  const { t } = useTranslation();
  const title = usePageTitle();
  const [searchParams] = useSearchParams();
  const id = parseRedemptionId(searchParams.get('id'));
  return (
    <ContentLayout title={title}>
      {id === null ? <EmptyState message={t('No redemption selected.')} /> : <RedemptionDetail key={id} id={id} />}
    </ContentLayout>
  );
}
