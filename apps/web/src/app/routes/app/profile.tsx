import { ContentLayout } from '@/components/layouts/content-layout';
import { EmptyState } from '@/components/ui/empty-state';
import { usePageTitle } from '@/app/route-handle';

/** /profile: the signed-in admin's own account. */
export function ProfileRoute() {
  const title = usePageTitle();
  return (
    <ContentLayout title={title}>
      <EmptyState />
    </ContentLayout>
  );
}
