import { useList } from '@/components/data-grid/use-list';
import { ContentLayout } from '@/components/layouts/content-layout';
import { PiecesPanel } from '@/features/vault/components/pieces-panel';
import { piecesTable } from '@/features/vault/components/pieces-table';
import { VaultTabs } from '@/features/vault/components/vault-tabs';
import { usePageTitle } from '@/app/route-handle';

/** /vault: the bar list (a row per piece) with the stock actions, each sent for confirmation. */
export function VaultPiecesRoute() {
  const title = usePageTitle();
  const list = useList(piecesTable);
  return (
    <ContentLayout title={title}>
      <VaultTabs />
      <PiecesPanel list={list} />
    </ContentLayout>
  );
}
