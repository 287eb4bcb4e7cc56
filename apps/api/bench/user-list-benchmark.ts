import { customerSortFields } from '@gold/contract';
import type { BenchApi } from './api-process';
import { asFastAs, describePage, p95AtMost, targets, timeGet, type Timing } from './http-timing';

/**
 * The user list over HTTP: first and last page of 10 and 100 under each sort of the contract,
 * in both orders (every sort has nullable or repeated values, where the direction decides
 * whether the index serves the page); a search by part of a name and of an e-mail.
 */
export async function benchUserList(api: BenchApi, customers: number): Promise<Timing[]> {
  const timings: Timing[] = [];
  for (const sort of customerSortFields) {
    for (const order of ['asc', 'desc'] as const) {
      for (const limit of [10, 100]) {
        const lastPage = Math.ceil(customers / limit) - 1;
        const base = `/api/admin/list/users?limit=${limit}&sort=${sort}&order=${order}`;
        const label = `${sort} ${order}, ${limit} a page`;
        const first = await timeGet(api, `${label}, first page`, `${base}&page=0`, describePage, {
          target: p95AtMost(targets.page),
        });
        timings.push(first);
        timings.push(
          await timeGet(api, `${label}, last page (${lastPage.toLocaleString('en')})`, `${base}&page=${lastPage}`, describePage, {
            target: asFastAs(first),
          }),
        );
      }
    }
  }
  const search = { target: p95AtMost(targets.search) };
  timings.push(
    await timeGet(
      api,
      "search part of a name ('santoso'), first page",
      '/api/admin/list/users?limit=10&page=0&search=santoso',
      describePage,
      search,
    ),
  );
  timings.push(
    await timeGet(
      api,
      "search part of an e-mail ('.4321@'), first page",
      '/api/admin/list/users?limit=10&page=0&search=.4321%40',
      describePage,
      search,
    ),
  );
  return timings;
}
