import { ContentLayout } from '@/components/layouts/content-layout';
import { EmptyState } from '@/components/ui/empty-state';
import { usePageTitle } from '@/app/route-handle';

/** /contact-list: messages sent by visitors. */
export function ContactListRoute() {
  const title = usePageTitle();
  return (
    <ContentLayout title={title}>
      <EmptyState />
    </ContentLayout>
  );
}
