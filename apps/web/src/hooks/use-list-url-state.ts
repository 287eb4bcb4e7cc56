import { useCallback, useEffect, useMemo, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { defaultPageSize, pageSizes, type SortOrder } from '@gold/contract';

/**
 * A list screen's page, page size, sort, order and filters live in the page's URL, e.g.
 * `/user-list?page=2&size=25&sort=fullName&order=asc&q=santo`, so reload, back/forward and a
 * shared link show the same rows. The URL's `page` counts from 1 (what the pager shows); the
 * API's `page` counts from 0. Defaults are left out of the URL; a value that is not valid for
 * the resource (unknown sort, size not offered, page 0...) counts as its default.
 */
const listUrlParams = { page: 'page', size: 'size', sort: 'sort', order: 'order' } as const;

/** The URL name of a resource filter: `search` is `q`; other filters (a status...) keep their name. */
export const filterUrlParam = (filter: string) => (filter === 'search' ? 'q' : filter);

const querySettings = new Set(['limit', 'page', 'sort', 'order']);

interface FieldSchema {
  safeParse(value: unknown): { success: boolean; data?: unknown };
}

export interface BaseListQuery {
  limit?: number;
  page?: number;
  sort: string;
  order: SortOrder;
}

/** What this hook reads of a contract list query, `listQuery({...})` in @gold/contract. */
export interface ListQuerySchema<Query extends BaseListQuery> {
  shape: { sort: FieldSchema & { unwrap(): { options: readonly Query['sort'][] } } } & Record<string, FieldSchema>;
  parse(value: unknown): Query;
}

interface ListState<Sort extends string = string> {
  /** 0-based, as the API counts. */
  page: number;
  pageSize: number;
  sort: Sort;
  order: SortOrder;
  /** The resource's filters that are set (search text under `search`). */
  filters: Readonly<Record<string, string>>;
  /** Filters the URL names with a value the contract refuses (left out of the query): their text. */
  refused: Readonly<Record<string, string>>;
}

export interface ListUrlState<Query extends BaseListQuery = BaseListQuery> extends ListState<Query['sort']> {
  /** The search text ('' when none). */
  search: string;
  /** Columns the server can sort by: the contract's whitelist. */
  sortFields: readonly Query['sort'][];
  defaultSort: Query['sort'];
  defaultOrder: SortOrder;
  /** The contract's list query for the page shown: what the feature's list hook sends. */
  query: Query & { limit: number; page: number };
  /** Another page or page size. `replace` for corrections (a page past the end), not for the admin's moves. */
  setPagination(model: { page: number; pageSize: number }, options?: { replace?: boolean }): void;
  /** Another sort (null: the resource's default); back to the first page. */
  setSort(sort: Query['sort'] | null, order?: SortOrder): void;
  /** Another search text; back to the first page. */
  setSearch(text: string): void;
  /** Another value of a resource filter ('' clears it); back to the first page. */
  setFilter(name: string, value: string): void;
  /** Other values of several filters at once, one history entry ('' clears one). */
  setFilters(values: Readonly<Record<string, string>>): void;
}

export interface ListUrlOptions {
  /** One size for every page (cards): the URL's `size` is neither read nor written. */
  pageSize?: number | undefined;
}

interface ListConfig<Sort extends string> {
  fixedPageSize: number | undefined;
  sortFields: readonly Sort[];
  defaultSort: Sort;
  defaultOrder: SortOrder;
  filterNames: string[];
  field(name: string): FieldSchema | undefined;
}

function listConfig<Query extends BaseListQuery>(schema: ListQuerySchema<Query>, fixedPageSize?: number): ListConfig<Query['sort']> {
  const defaults = schema.parse({});
  return {
    fixedPageSize,
    sortFields: schema.shape.sort.unwrap().options,
    defaultSort: defaults.sort,
    defaultOrder: defaults.order,
    filterNames: Object.keys(schema.shape).filter((name) => !querySettings.has(name)),
    field: (name) => schema.shape[name],
  };
}

function valid<T>(field: FieldSchema | undefined, value: unknown): T | undefined {
  if (!field) return undefined;
  const result = field.safeParse(value);
  return result.success ? (result.data as T) : undefined;
}

/** Reads the list state from a URL query; anything missing or invalid is the default. */
function readListState<Sort extends string>(params: URLSearchParams, config: ListConfig<Sort>): ListState<Sort> {
  const sizeText = params.get(listUrlParams.size) ?? '';
  const pageSize = config.fixedPageSize ?? pageSizes.find((size) => String(size) === sizeText) ?? defaultPageSize;

  const pageText = params.get(listUrlParams.page) ?? '';
  const page = /^[1-9]\d{0,9}$/.test(pageText) ? (valid<number>(config.field('page'), Number(pageText) - 1) ?? 0) : 0;

  const sortText = params.get(listUrlParams.sort);
  const sort = sortText !== null && config.sortFields.includes(sortText as Sort) ? (sortText as Sort) : config.defaultSort;
  const order = valid<SortOrder>(config.field('order'), params.get(listUrlParams.order) ?? undefined) ?? config.defaultOrder;

  const filters: Record<string, string> = {};
  const refused: Record<string, string> = {};
  for (const name of config.filterNames) {
    const text = params.get(filterUrlParam(name));
    if (text === null) continue;
    const value = valid<unknown>(config.field(name), text);
    if (typeof value === 'string' && value !== '') filters[name] = value;
    // A number filter (an id: `z.coerce.number()`) keeps its text; the query parses it again.
    else if (typeof value === 'number') filters[name] = String(value);
    else if (value === undefined && text.trim() !== '') refused[name] = text.trim();
  }
  return { page, pageSize, sort, order, filters, refused };
}

/** Writes the list state into a URL query (other parameters kept); defaults are left out. */
function writeListState<Sort extends string>(base: URLSearchParams, state: ListState<Sort>, config: ListConfig<Sort>) {
  const params = new URLSearchParams(base);
  const names = [...Object.values(listUrlParams), ...config.filterNames.map(filterUrlParam)];
  for (const name of names) params.delete(name);
  if (state.page > 0) params.set(listUrlParams.page, String(state.page + 1));
  if (config.fixedPageSize === undefined && state.pageSize !== defaultPageSize) params.set(listUrlParams.size, String(state.pageSize));
  if (state.sort !== config.defaultSort || state.order !== config.defaultOrder) {
    params.set(listUrlParams.sort, state.sort);
    params.set(listUrlParams.order, state.order);
  }
  for (const name of config.filterNames) {
    const value = state.filters[name];
    if (value) params.set(filterUrlParam(name), value);
  }
  return params;
}

/**
 * The list state of the page's URL for a resource, as the contract's query (`state.query`)
 * and the setters a grid calls. Each change is a new history entry (back goes to the previous
 * page of the list) unless `replace` is asked for.
 */
export function useListUrlState<Query extends BaseListQuery>(
  schema: ListQuerySchema<Query>,
  { pageSize: fixedPageSize }: ListUrlOptions = {},
): ListUrlState<Query> {
  const config = useMemo(() => listConfig(schema, fixedPageSize), [schema, fixedPageSize]);
  const [searchParams, setSearchParams] = useSearchParams();
  // The URL this hook last asked for: the grid may send a second change (e.g. back to the first
  // page after a sort) before the router has finished the first navigation.
  const latest = useRef(searchParams);
  useEffect(() => {
    latest.current = searchParams;
  }, [searchParams]);

  const state = useMemo(() => readListState(searchParams, config), [searchParams, config]);

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

  const setPagination = useCallback<ListUrlState<Query>['setPagination']>(
    ({ page, pageSize }, options) =>
      update((current) => {
        const size = config.fixedPageSize ?? pageSizes.find((offered) => offered === pageSize) ?? current.pageSize;
        // A new page size keeps the first row shown on the page shown.
        const nextPage = size === current.pageSize ? page : Math.floor((current.page * current.pageSize) / size);
        return { ...current, page: Math.max(0, nextPage), pageSize: size };
      }, options),
    [update, config],
  );

  const setSort = useCallback<ListUrlState<Query>['setSort']>(
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

  const setSearch = useCallback((text: string) => setFilter('search', text), [setFilter]);

  const query = useMemo(
    () =>
      schema.parse({
        limit: state.pageSize,
        page: state.page,
        sort: state.sort,
        order: state.order,
        ...state.filters,
      }) as Query & { limit: number; page: number },
    [schema, state],
  );

  return {
    ...state,
    search: state.filters.search ?? '',
    sortFields: config.sortFields,
    defaultSort: config.defaultSort,
    defaultOrder: config.defaultOrder,
    query,
    setPagination,
    setSort,
    setSearch,
    setFilter,
    setFilters,
  };
}
