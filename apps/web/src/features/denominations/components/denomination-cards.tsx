import { denominationListQuery, denominationPageSize } from '@gold/contract';
import { defineCardList } from '@/components/data-grid/list-declaration';
import { denominationsList } from '../api/get-denominations';
import { DenominationCard } from './denomination-card';

/** The vault's denominations as cards, largest denom first, 6 to a page, paged on the server. */
export const denominationCards = defineCardList({
  query: denominationListQuery,
  call: denominationsList,
  pageSize: denominationPageSize,
  loadingLabel: 'Loading denominations',
  emptyText: 'No denoms data yet!',
  pagesLabel: 'Denomination pages',
  card: (denomination) => <DenominationCard denomination={denomination} />,
});
