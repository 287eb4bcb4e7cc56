import { ContentLayout } from '@/components/layouts/content-layout';
import { EmptyState } from '@/components/ui/empty-state';
import { usePageTitle } from '@/app/route-handle';

/** /user-list/:id: one user, read-only. */
export function UserDetailRoute() {
  const title = usePageTitle();
  return (
    <ContentLayout title={title}>
      <EmptyState />
    </ContentLayout>
  );
}
