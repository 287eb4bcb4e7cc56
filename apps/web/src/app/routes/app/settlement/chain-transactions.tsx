import { useList } from '@/components/data-grid/use-list';
import { ContentLayout } from '@/components/layouts/content-layout';
import { ChainTransactionsTable, chainTransactionsTable } from '@/features/settlement/components/chain-transactions-table';
import { SettlementTabs } from '@/features/settlement/components/settlement-tabs';
import { usePageTitle } from '@/app/route-handle';

/** /settlement/transactions: the signer's outbox with each transaction's state; a failed one can be retried. */
export function ChainTransactionsRoute() {
  const title = usePageTitle();
  const list = useList(chainTransactionsTable);
  return (
    <ContentLayout title={title}>
      <SettlementTabs />
      <ChainTransactionsTable list={list} />
    </ContentLayout>
  );
}
