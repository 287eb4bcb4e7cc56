import { useParams } from 'react-router';
import { ContentLayout } from '@/components/layouts/content-layout';
import { CustomerDetail } from '@/features/users/components/user-detail';
import { parseUserId } from '@/features/users/lib/user-id';
import { usePageTitle } from '@/app/route-handle';

/** /user-list/:id: one customer, read-only, with the wallet's balances. */
export function UserDetailRoute() {
  const title = usePageTitle();
  const { id } = useParams();
  const userId = parseUserId(id);
  return (
    <ContentLayout title={title}>
      <CustomerDetail key={id} id={userId} />
    </ContentLayout>
  );
}
