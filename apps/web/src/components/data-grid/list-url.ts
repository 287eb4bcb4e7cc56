import { defaultPageSize, pageSizes, type SortOrder } from '@gold/contract';

/*
 * A list's page, page size, sort, order and filters in the page's URL, e.g.
 * `/user-list?page=2&size=25&sort=fullName&order=asc&search=santo`. A filter keeps the name the
 * contract (and so the API) gives it. The URL's `page` counts from 1 (what the pager shows); the
 * API's `page` counts from 0. Defaults are left out; a value that is not valid for the resource
 * (unknown sort, size not offered, page 0...) counts as its default.
 */
const pagingParams = { page: 'page', size: 'size', sort: 'sort', order: 'order' } as const;

/** Links kept from before the search was named as the API names it: `?q=` is read as `search`. */
const formerNames: Readonly<Record<string, string>> = { q: 'search' };

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

/** What a list reads of a contract list query, `listQuery({...})` in @gold/contract. */
export interface ListQuerySchema<Query extends BaseListQuery> {
  shape: { sort: FieldSchema & { unwrap(): { options: readonly Query['sort'][] } } } & Record<string, FieldSchema>;
  parse(value: unknown): Query;
}

export interface ListState<Sort extends string = string> {
  /** 0-based, as the API counts. */
  page: number;
  pageSize: number;
  sort: Sort;
  order: SortOrder;
  /** The resource's filters that are set, by their contract names (`search`, `status`...). */
  filters: Readonly<Record<string, string>>;
  /** Filters the URL names with a value the contract refuses (left out of the query): their text. */
  refused: Readonly<Record<string, string>>;
}

export interface ListConfig<Sort extends string> {
  fixedPageSize: number | undefined;
  sortFields: readonly Sort[];
  defaultSort: Sort;
  defaultOrder: SortOrder;
  filterNames: string[];
  field(name: string): FieldSchema | undefined;
}

export function listConfig<Query extends BaseListQuery>(schema: ListQuerySchema<Query>, fixedPageSize?: number): ListConfig<Query['sort']> {
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

/** A filter's text in the URL, under its name or the name it had before. */
function filterText(params: URLSearchParams, name: string): string | null {
  const former = Object.keys(formerNames).find((old) => formerNames[old] === name);
  return params.get(name) ?? (former === undefined ? null : params.get(former));
}

/** The former names of the list's filters. */
const formerNamesOf = (config: ListConfig<string>) =>
  Object.keys(formerNames).filter((old) => config.filterNames.includes(formerNames[old]!));

/** Whether the URL still uses a former name of one of the list's filters (the list then rewrites it). */
export const hasFormerNames = (params: URLSearchParams, config: ListConfig<string>) =>
  formerNamesOf(config).some((name) => params.has(name));

/** Reads the list state from a URL query; anything missing or invalid is the default. */
export function readListState<Sort extends string>(params: URLSearchParams, config: ListConfig<Sort>): ListState<Sort> {
  const sizeText = params.get(pagingParams.size) ?? '';
  const pageSize = config.fixedPageSize ?? pageSizes.find((size) => String(size) === sizeText) ?? defaultPageSize;

  const pageText = params.get(pagingParams.page) ?? '';
  const page = /^[1-9]\d{0,9}$/.test(pageText) ? (valid<number>(config.field('page'), Number(pageText) - 1) ?? 0) : 0;

  const sortText = params.get(pagingParams.sort);
  const sort = sortText !== null && config.sortFields.includes(sortText as Sort) ? (sortText as Sort) : config.defaultSort;
  const order = valid<SortOrder>(config.field('order'), params.get(pagingParams.order) ?? undefined) ?? config.defaultOrder;

  const filters: Record<string, string> = {};
  const refused: Record<string, string> = {};
  for (const name of config.filterNames) {
    const text = filterText(params, name);
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
export function writeListState<Sort extends string>(base: URLSearchParams, state: ListState<Sort>, config: ListConfig<Sort>) {
  const params = new URLSearchParams(base);
  for (const name of [...Object.values(pagingParams), ...formerNamesOf(config), ...config.filterNames]) params.delete(name);
  if (state.page > 0) params.set(pagingParams.page, String(state.page + 1));
  if (config.fixedPageSize === undefined && state.pageSize !== defaultPageSize) params.set(pagingParams.size, String(state.pageSize));
  if (state.sort !== config.defaultSort || state.order !== config.defaultOrder) {
    params.set(pagingParams.sort, state.sort);
    params.set(pagingParams.order, state.order);
  }
  for (const name of config.filterNames) {
    const value = state.filters[name];
    if (value) params.set(name, value);
  }
  return params;
}
