import { ListTable } from '@/components/data-grid/list-table/list-table';
import { useList } from '@/components/data-grid/use-list';
import { ContentLayout } from '@/components/layouts/content-layout';
import { pricesTable } from '@/features/prices/components/prices-table';
import { usePageTitle } from '@/app/route-handle';

/** /price-history (the Latest Price card's View All): the stored prices, charted and listed a page at a time. */
export function PriceHistoryRoute() {
  const title = usePageTitle();
  const list = useList(pricesTable);
  return (
    <ContentLayout title={title}>
      <ListTable list={list} />
    </ContentLayout>
  );
}
