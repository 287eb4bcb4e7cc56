import { ContentLayout } from '@/components/layouts/content-layout';
import { EmptyState } from '@/components/ui/empty-state';
import { usePageTitle } from '@/app/route-handle';

/** /redemption-list/detail: a redemption's status form. */
export function RedemptionDetailRoute() {
  const title = usePageTitle();
  return (
    <ContentLayout title={title}>
      <EmptyState />
    </ContentLayout>
  );
}
