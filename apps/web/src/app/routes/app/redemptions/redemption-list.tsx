import { useList } from '@/components/data-grid/use-list';
import { ContentLayout } from '@/components/layouts/content-layout';
import { RedemptionCountCard } from '@/features/redemptions/components/redemption-count-card';
import { RedemptionsTable, redemptionsTable } from '@/features/redemptions/components/redemptions-table';
import { usePageTitle } from '@/app/route-handle';

/** /redemption-list: the total card, then the redemptions with their status filter and actions. */
export function RedemptionListRoute() {
  const title = usePageTitle();
  const list = useList(redemptionsTable);
  return (
    <ContentLayout title={title}>
      <RedemptionCountCard />
      <RedemptionsTable list={list} label="Redemptions" withActions />
    </ContentLayout>
  );
}
