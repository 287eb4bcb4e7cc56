import { keepPreviousData, useQuery, type UseQueryOptions } from '@tanstack/react-query';
import type { Page } from '@gold/contract';
import { api, type RequestOptions, type ResponseParser } from './api-client';

/** What every list query sends: the contract's `listQuery(...)` output. */
export type ListCallQuery = NonNullable<RequestOptions<unknown>['query']> & { limit?: number; page?: number };

/** A row as a list shows it: `no` is its place in the whole list (the spec's No column), counted from 1. */
export type Numbered<Row> = Row & { no: number };

export interface ListCall<Query extends ListCallQuery, Row> {
  fetch(query: Query, options?: { signal?: AbortSignal }): Promise<Page<Numbered<Row>>>;
  queryOptions(query: Query): UseQueryOptions<Page<Numbered<Row>>, Error, Page<Numbered<Row>>, readonly unknown[]>;
}

interface ListCallOptions<Query extends ListCallQuery, Row> {
  /** The API path, e.g. '/admin/list/users'. */
  path: string;
  /** A page's query key: the domain's builder in lib/query-keys.ts (`queryKeys.customers.list`). */
  key: (query: Query) => readonly unknown[];
  /** The contract's `pageOf(row)` response schema. */
  response: ResponseParser<Page<Row>>;
  /** How long an answer counts as fresh (the client's default when absent). */
  staleTime?: number;
}

/**
 * One API list call: a page of rows (or every row, without `limit`) under its query's key, the
 * rows numbered across pages, and the page shown kept while the next one loads. Each feature's
 * `get-*.ts` list file is this with its path, key and response schema.
 */
export function listCall<Query extends ListCallQuery, Row>({
  path,
  key,
  response,
  staleTime,
}: ListCallOptions<Query, Row>): ListCall<Query, Row> {
  const fetch = async (query: Query, { signal }: { signal?: AbortSignal } = {}): Promise<Page<Numbered<Row>>> => {
    const page = await api.get(path, { query, schema: response, signal });
    const first = (query.page ?? 0) * (query.limit ?? 0) + 1;
    return { ...page, data: page.data.map((row, index) => ({ ...row, no: first + index })) };
  };
  return {
    fetch,
    queryOptions: (query) => ({
      queryKey: key(query),
      queryFn: ({ signal }) => fetch(query, { signal }),
      placeholderData: keepPreviousData,
      ...(staleTime === undefined ? {} : { staleTime }),
    }),
  };
}

/** The rows of one query of a list call (a dashboard preview, a page of cards). */
export function useListCall<Query extends ListCallQuery, Row>(call: ListCall<Query, Row>, query: Query) {
  return useQuery(call.queryOptions(query));
}
