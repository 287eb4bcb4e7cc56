import { ListTable } from '@/components/data-grid/list-table/list-table';
import { useList } from '@/components/data-grid/use-list';
import { ContentLayout } from '@/components/layouts/content-layout';
import { movementsTable } from '@/features/vault/components/movements-table';
import { VaultTabs } from '@/features/vault/components/vault-tabs';
import { usePageTitle } from '@/app/route-handle';

/** /vault/movements: every movement of every piece, newest first, with who proposed and who confirmed it. */
export function VaultMovementsRoute() {
  const title = usePageTitle();
  const list = useList(movementsTable);
  return (
    <ContentLayout title={title}>
      <VaultTabs />
      <ListTable list={list} />
    </ContentLayout>
  );
}
