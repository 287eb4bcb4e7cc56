import { ContentLayout } from '@/components/layouts/content-layout';
import { EmptyState } from '@/components/ui/empty-state';
import { usePageTitle } from '@/app/route-handle';

/** /redemption-limit: the largest denomination customers may request. */
export function RedemptionLimitRoute() {
  const title = usePageTitle();
  return (
    <ContentLayout title={title}>
      <EmptyState />
    </ContentLayout>
  );
}
