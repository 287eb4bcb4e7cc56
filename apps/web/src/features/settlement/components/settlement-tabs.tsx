import { PageTabs } from '@/components/ui/page-tabs';
import { paths } from '@/config/paths';

const tabs = [
  { path: paths.app.settlement.getHref(), label: 'Reconciliation' },
  { path: paths.app.settlementDeposits.getHref(), label: 'Escrow deposits' },
  { path: paths.app.settlementTransactions.getHref(), label: 'Chain transactions' },
] as const;

/** The Settlement screen's three lists, one page each. */
export function SettlementTabs() {
  return <PageTabs label="Settlement" tabs={tabs} />;
}
