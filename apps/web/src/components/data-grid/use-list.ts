import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { pageSizes, type Page, type SortOrder } from '@gold/contract';
import type { ListCall, ListCallQuery, Numbered } from '@/lib/list-call';
import {
  hasFormerNames,
  listConfig,
  readListState,
  writeListState,
  type BaseListQuery,
  type ListQuerySchema,
  type ListState,
} from './list-url';

/** What `useList` needs of a declaration (`defineList`, `defineCardList`). */
export interface ListSource<Query extends BaseListQuery & ListCallQuery, Row> {
  query: ListQuerySchema<Query>;
  call: ListCall<Query, Row>;
  /** One size for every page (cards): the URL's `size` is neither read nor written. */
  pageSize?: number;
}

/**
 * A list screen's state: read from the URL once, by `useList`, and handed to the parts that
 * show it (`ListTable`, its filters and status line, `CsvExportButton`, `ListCards`).
 */
export interface List<Query extends BaseListQuery & ListCallQuery, Row, Declaration = ListSource<Query, Row>> extends ListState<
  Query['sort']
> {
  declaration: Declaration;
  /** Columns the server can sort by: the contract's whitelist. */
  sortFields: readonly Query['sort'][];
  defaultSort: Query['sort'];
  defaultOrder: SortOrder;
  /** The contract's list query for the page shown: what the API is asked. */
  query: Query & { limit: number; page: number };
  /** The API's answer for `query` (the page shown is kept while the next one loads). */
  result: UseQueryResult<Page<Numbered<Row>>, Error>;
  /** The rows of the page shown. */
  rows: readonly Numbered<Row>[];
  /** How many rows match, in all: the last answer's, kept while a page loads or fails (undefined before the first). */
  total: number | undefined;
  /** The last page (0-based), once the total is known. */
  lastPage: number | undefined;
  /** Another page or page size. `replace` for corrections (a page past the end), not for the admin's moves. */
  setPagination(model: { page: number; pageSize: number }, options?: { replace?: boolean }): void;
  /** Another sort (null: the resource's default); back to the first page. */
  setSort(sort: Query['sort'] | null, order?: SortOrder): void;
  /** Another value of a filter, by its contract name ('' clears it); back to the first page. */
  setFilter(name: string, value: string): void;
  /** Other values of several filters at once, one history entry ('' clears one). */
  setFilters(values: Readonly<Record<string, string>>): void;
}

/** What the filters above a list read and write. */
export type ListFilterState = Pick<List<BaseListQuery & ListCallQuery, unknown>, 'filters' | 'setFilter' | 'setFilters'>;

const noRows: never[] = [];

/**
 * A list screen's one reading of its URL: the page, size, sort, order and filters as the
 * contract's query, the API's answer for it, and setters that write the URL. Each change is a
 * new history entry (back goes to the previous page of the list) unless `replace` is asked for.
 * A page past the end (an old link, rows gone since) is corrected to the last page, replacing
 * the entry. The screen calls it once and passes it down.
 */
export function useList<Query extends BaseListQuery & ListCallQuery, Row, Declaration extends ListSource<Query, Row>>(
  declaration: Declaration & ListSource<Query, Row>,
): List<Query, Row, Declaration> {
  const source: ListSource<Query, Row> = declaration;
  const config = useMemo(() => listConfig(source.query, source.pageSize), [source.query, source.pageSize]);
  const [searchParams, setSearchParams] = useSearchParams();
  // The URL this hook last asked for: a second change (e.g. back to the first page after a sort)
  // may come before the router has finished the first navigation.
  const latest = useRef(searchParams);
  useEffect(() => {
    latest.current = searchParams;
  }, [searchParams]);

  const state = useMemo(() => readListState(searchParams, config), [searchParams, config]);

  // A link with a former parameter name shows the new one, in the same history entry.
  useEffect(() => {
    if (hasFormerNames(searchParams, config))
      setSearchParams(writeListState(searchParams, readListState(searchParams, config), config), { replace: true });
  }, [searchParams, config, setSearchParams]);

  const update = useCallback(
    (change: (current: ListState<Query['sort']>) => ListState<Query['sort']>, options: { replace?: boolean } = {}) => {
      const current = readListState(latest.current, config);
      const next = writeListState(latest.current, change(current), config);
      if (next.toString() === writeListState(latest.current, current, config).toString()) return;
      latest.current = next;
      setSearchParams(next, { replace: options.replace ?? false, preventScrollReset: true });
    },
    [config, setSearchParams],
  );

  const setPagination = useCallback<List<Query, Row>['setPagination']>(
    ({ page, pageSize }, options) =>
      update((current) => {
        const size = config.fixedPageSize ?? pageSizes.find((offered) => offered === pageSize) ?? current.pageSize;
        // A new page size keeps the first row shown on the page shown.
        const nextPage = size === current.pageSize ? page : Math.floor((current.page * current.pageSize) / size);
        return { ...current, page: Math.max(0, nextPage), pageSize: size };
      }, options),
    [update, config],
  );

  const setSort = useCallback<List<Query, Row>['setSort']>(
    (sort, order) =>
      update((current) => {
        const next = { sort: sort ?? config.defaultSort, order: sort === null ? config.defaultOrder : (order ?? config.defaultOrder) };
        return next.sort === current.sort && next.order === current.order ? current : { ...current, ...next, page: 0 };
      }),
    [update, config],
  );

  const setFilters = useCallback(
    (values: Readonly<Record<string, string>>) =>
      update((current) => {
        const filters = { ...current.filters };
        for (const [name, value] of Object.entries(values)) {
          const text = value.trim();
          if (text) filters[name] = text;
          else delete filters[name];
        }
        const changed = Object.keys(values).some((name) => (filters[name] ?? '') !== (current.filters[name] ?? ''));
        return changed ? { ...current, page: 0, filters } : current;
      }),
    [update],
  );

  const setFilter = useCallback((name: string, value: string) => setFilters({ [name]: value }), [setFilters]);

  const query = useMemo(
    () =>
      source.query.parse({
        limit: state.pageSize,
        page: state.page,
        sort: state.sort,
        order: state.order,
        ...state.filters,
      }) as Query & { limit: number; page: number },
    [source.query, state],
  );

  const result = useQuery(source.call.queryOptions(query));

  // While a page loads (or failed) the last known total stands.
  const answered = result.data?.total;
  const [total, setTotal] = useState<number | undefined>(undefined);
  if (answered !== undefined && answered !== total) setTotal(answered);
  const known = answered ?? total;
  const lastPage = known === undefined ? undefined : Math.max(0, Math.ceil(known / state.pageSize) - 1);

  const { page, pageSize } = state;
  useEffect(() => {
    if (lastPage !== undefined && page > lastPage) setPagination({ page: lastPage, pageSize }, { replace: true });
  }, [page, pageSize, lastPage, setPagination]);

  return {
    ...state,
    declaration,
    sortFields: config.sortFields,
    defaultSort: config.defaultSort,
    defaultOrder: config.defaultOrder,
    query,
    result,
    rows: result.data?.data ?? noRows,
    total: known,
    lastPage,
    setPagination,
    setSort,
    setFilter,
    setFilters,
  };
}
