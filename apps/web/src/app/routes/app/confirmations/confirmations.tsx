import { useList } from '@/components/data-grid/use-list';
import { ContentLayout } from '@/components/layouts/content-layout';
import { useSession } from '@/features/auth/api/get-session';
import { ConfirmationsPanel } from '@/features/confirmations/components/confirmations-panel';
import { confirmationsTable } from '@/features/confirmations/components/confirmations-table';
import { usePageTitle } from '@/app/route-handle';

/** /confirmations: the four-eyes list, pending first; the signed-in admin decides on others' proposals and withdraws their own. */
export function ConfirmationsRoute() {
  const title = usePageTitle();
  const session = useSession();
  const list = useList(confirmationsTable);
  return (
    <ContentLayout title={title}>
      <ConfirmationsPanel list={list} adminId={session.data?.admin.id} />
    </ContentLayout>
  );
}
