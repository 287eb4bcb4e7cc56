import type { TFunction } from 'i18next';
import type { ListNoun } from '../list-declaration';

interface Shown {
  filters: Readonly<Record<string, string>>;
}

/** The line above the grid, read out by screen readers: loading, then how many match a search. */
export function statusText(list: Shown, fetching: boolean, total: number | undefined, noun: ListNoun, t: TFunction) {
  const items = t(noun.other);
  const search = list.filters.search ?? '';
  if (fetching) return t('Loading {{items}}…', { items });
  if (search === '' || total === undefined) return '';
  const shown = { total: total.toLocaleString('id-ID'), search };
  return total === 1
    ? t('{{total}} {{item}} matches “{{search}}”', { ...shown, item: t(noun.one) })
    : t('{{total}} {{items}} match “{{search}}”', { ...shown, items });
}

/** The one row of an empty grid: nothing to show after a failure, nothing matching, or nothing yet. */
export function emptyText(list: Shown, failed: boolean, noun: ListNoun, t: TFunction) {
  const items = t(noun.other);
  const search = list.filters.search ?? '';
  if (failed) return t('No {{items}} to show.', { items });
  if (search !== '') return t('No {{items}} match “{{search}}”.', { items, search });
  // Filters other than the search (a status...) narrow the list too: "yet" would say there are none at all.
  if (Object.keys(list.filters).some((name) => name !== 'search')) return t('No {{items}} match the filter.', { items });
  return t('No {{items}} yet.', { items });
}
