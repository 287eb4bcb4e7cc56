import { useParams } from 'react-router';
import { ContentLayout } from '@/components/layouts/content-layout';
import { TransactionDetail } from '@/features/transactions/components/transaction-detail';
import { parseTransactionId } from '@/features/transactions/lib/transaction-id';
import { usePageTitle } from '@/app/route-handle';

/** /transaction-list/:id: one transaction, read-only. */
export function TransactionDetailRoute() {
  const title = usePageTitle();
  const { id } = useParams();
  return (
    <ContentLayout title={title}>
      <TransactionDetail key={id} id={parseTransactionId(id)} />
    </ContentLayout>
  );
}
