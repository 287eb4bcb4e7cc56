import { useParams } from 'react-router';
import { ContentLayout } from '@/components/layouts/content-layout';
import { CustomerDetail } from '@/features/customers/components/customer-detail';
import { parseCustomerId } from '@/features/customers/lib/customer-id';
import { usePageTitle } from '@/app/route-handle';

/** /user-list/:id: one customer, read-only, with the wallet's balances. */
export function CustomerDetailRoute() {
  const title = usePageTitle();
  const { id } = useParams();
  const customerId = parseCustomerId(id);
  return (
    <ContentLayout title={title}>
      <CustomerDetail key={id} id={customerId} />
    </ContentLayout>
  );
}
