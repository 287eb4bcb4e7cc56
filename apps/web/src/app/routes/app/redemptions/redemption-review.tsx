import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ContentLayout } from '@/components/layouts/content-layout';
import { EmptyState } from '@/components/ui/empty-state';
import { RedemptionChangedNotice } from '@/features/redemptions/components/redemption-changed-notice';
import { RedemptionReview } from '@/features/redemptions/components/redemption-review';
import { parseRedemptionId } from '@/features/redemptions/lib/redemption-links';
import { usePageTitle } from '@/app/route-handle';

/** /redeem?id={id}: one redemption's review (OTP check, approve, reject, reset). */
export function RedemptionReviewRoute() {
  const { t } = useTranslation();
  const title = usePageTitle();
  const [searchParams] = useSearchParams();
  const id = parseRedemptionId(searchParams.get('id'));
  return (
    <ContentLayout title={title}>
      {id === null ? null : <RedemptionChangedNotice key={id} id={id} />}
      {id === null ? <EmptyState message={t('No redemption selected.')} /> : <RedemptionReview key={id} id={id} />}
    </ContentLayout>
  );
}
