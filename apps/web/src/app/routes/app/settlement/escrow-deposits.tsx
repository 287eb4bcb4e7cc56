import { useList } from '@/components/data-grid/use-list';
import { ContentLayout } from '@/components/layouts/content-layout';
import { DepositsTable, depositsTable } from '@/features/settlement/components/deposits-table';
import { SettlementTabs } from '@/features/settlement/components/settlement-tabs';
import { usePageTitle } from '@/app/route-handle';

/** /settlement/deposits: deposits into the escrow; the unmatched ones first, each final one refundable. */
export function EscrowDepositsRoute() {
  const title = usePageTitle();
  const list = useList(depositsTable);
  return (
    <ContentLayout title={title}>
      <SettlementTabs />
      <DepositsTable list={list} />
    </ContentLayout>
  );
}
