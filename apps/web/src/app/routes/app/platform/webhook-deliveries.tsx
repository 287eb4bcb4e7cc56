import { ContentLayout } from '@/components/layouts/content-layout';
import { WebhookDeliveriesTable } from '@/features/platform/components/webhook-deliveries-table';
import { usePageTitle } from '@/app/route-handle';

/** /webhook-deliveries: what the back office told the customer platform, with status and attempts, and a re-send. */
export function WebhookDeliveriesRoute() {
  const title = usePageTitle();
  return (
    <ContentLayout title={title}>
      <WebhookDeliveriesTable />
    </ContentLayout>
  );
}
