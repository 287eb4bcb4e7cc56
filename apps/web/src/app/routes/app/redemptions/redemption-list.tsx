import { ContentLayout } from '@/components/layouts/content-layout';
import { RedemptionCountCard } from '@/features/redemptions/components/redemption-count-card';
import { RedemptionsTable } from '@/features/redemptions/components/redemptions-table';
import { usePageTitle } from '@/app/route-handle';

/** /redemption-list: the total card, then the redemptions with their status filter and actions. */
export function RedemptionListRoute() {
  const title = usePageTitle();
  return (
    <ContentLayout title={title}>
      <RedemptionCountCard />
      <RedemptionsTable label="Redemptions" withActions />
    </ContentLayout>
  );
}
