import { transactionSortFields } from '@gold/contract';
import type { BenchApi } from './api-process';
import { asFastAs, describePage, getJson, p95AtMost, targets, timeGet, type Timing } from './http-timing';

/**
 * The transaction list over HTTP: first and last page of 10 and 100 under each sort of the
 * contract, newest (largest) first as the console opens it, and the oldest-first direction of
 * the default sort; its count card is timed with the others (count-cards-benchmark.ts).
 */
export async function benchTransactionList(api: BenchApi): Promise<Timing[]> {
  const timings: Timing[] = [];
  const { total } = await getJson<{ total: number }>(api, '/api/admin/list/transactions?limit=1&page=0');
  const cases = [...transactionSortFields.map((sort) => ({ sort, order: 'desc' })), { sort: 'date', order: 'asc' }];
  for (const { sort, order } of cases) {
    for (const limit of [10, 100]) {
      const lastPage = Math.max(0, Math.ceil(total / limit) - 1);
      const base = `/api/admin/list/transactions?limit=${limit}&sort=${sort}&order=${order}`;
      const label = `${sort} ${order}, ${limit} a page`;
      const first = await timeGet(api, `${label}, first page`, `${base}&page=0`, describePage, { target: p95AtMost(targets.page) });
      timings.push(first);
      timings.push(
        await timeGet(api, `${label}, last page (${lastPage.toLocaleString('en')})`, `${base}&page=${lastPage}`, describePage, {
          target: asFastAs(first),
        }),
      );
    }
  }
  return timings;
}
