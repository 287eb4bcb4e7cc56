import type { Page } from '@gold/contract';
import { errorBody, jsonResponse, type Handler, type StubbedRequest } from './http';

/** The parts of a contract list query (`listQuery(...)`) the fake server reads. */
interface ParsedListQuery {
  limit?: number | undefined;
  page?: number | undefined;
  sort: string;
  order: 'asc' | 'desc';
  search?: string | undefined;
}

interface ListQueryParser<Query extends ParsedListQuery> {
  safeParse(
    value: unknown,
  ): { success: true; data: Query } | { success: false; error: { issues: ReadonlyArray<{ path: PropertyKey[]; message: string }> } };
}

export interface ListServer<Query> extends Handler {
  /** Every list query the console sent, as the contract parsed it (oldest first). */
  queries: Query[];
  /** The last one. */
  lastQuery(): Query | undefined;
}

function compare(a: unknown, b: unknown): number {
  if (a === b) return 0;
  if (a === null || a === undefined) return 1;
  if (b === null || b === undefined) return -1;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return String(a).localeCompare(String(b));
}

/**
 * A stand-in for an API list route in console tests: reads the query with the contract's schema
 * (a 400 with the server's kind of message when it refuses), then searches, sorts (id breaks
 * ties) and pages `rows` as the server does, and answers `{ data, total }`.
 *
 *   const customers = listServer(customerListQuery, [createCustomer(), ...], { searchIn: ['fullName', 'email'] });
 *   renderSignedIn('/user-list', { 'GET /admin/list/users': customers });
 *   expect(customers.lastQuery()).toMatchObject({ page: 0, limit: 10 });
 */
export function listServer<Row extends { id: number }, Query extends ParsedListQuery>(
  schema: ListQueryParser<Query>,
  rows: readonly Row[],
  options: { searchIn?: ReadonlyArray<keyof Row> } = {},
): ListServer<Query> {
  const queries: Query[] = [];
  const handler = (request: StubbedRequest) => {
    const params = Object.fromEntries(new URL(request.url, 'http://localhost').searchParams);
    const parsed = schema.safeParse(params);
    if (!parsed.success) {
      const message = parsed.error.issues.map((issue) => `querystring.${issue.path.join('.')}: ${issue.message}`).join('; ');
      return jsonResponse(400, errorBody(400, 'Bad Request', message));
    }
    const query = parsed.data;
    queries.push(query);
    const needle = query.search?.toLowerCase();
    const found = needle
      ? rows.filter((row) =>
          (options.searchIn ?? []).some((field) =>
            String(row[field] ?? '')
              .toLowerCase()
              .includes(needle),
          ),
        )
      : [...rows];
    const direction = query.order === 'asc' ? 1 : -1;
    const sorted = found.sort(
      (a, b) => direction * compare(a[query.sort as keyof Row], b[query.sort as keyof Row]) || direction * (a.id - b.id),
    );
    const data = query.limit === undefined ? sorted : sorted.slice((query.page ?? 0) * query.limit, ((query.page ?? 0) + 1) * query.limit);
    const page: Page<Row> = { data, total: found.length };
    return jsonResponse(200, page);
  };
  return Object.assign(handler, { queries, lastQuery: () => queries.at(-1) });
}

/** GET /admin/count/...: `{ count }`. */
export const countAnswer =
  (count: number): Handler =>
  () =>
    jsonResponse(200, { count });
