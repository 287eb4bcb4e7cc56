import { useSearchParams } from 'react-router';
import { ContentLayout } from '@/components/layouts/content-layout';
import { EmptyState } from '@/components/ui/empty-state';
import { usePageTitle } from '@/app/route-handle';

/** /redeem?id={id}: one redemption's review (OTP check, approve, reject, reset). */
export function RedemptionReviewRoute() {
  const title = usePageTitle();
  const [searchParams] = useSearchParams();
  const id = searchParams.get('id');
  return (
    <ContentLayout title={title}>
      <EmptyState message={id ? 'Nothing to show yet.' : 'No redemption selected.'} />
    </ContentLayout>
  );
}
