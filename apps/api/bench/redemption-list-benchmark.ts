import type { BenchApi } from './api-process';
import {
  asFastAs,
  describePage as page,
  getJson,
  p95AtMost,
  summarize,
  targets,
  timeGet,
  timedRequests,
  warmUpRequests,
  type Timing,
} from './http-timing';

/** The calls the dashboard makes when it opens, sent at once as the browser does: the time until the last one answers. */
async function timeDashboard(api: BenchApi, iterations = timedRequests): Promise<Timing> {
  const paths = [
    '/api/admin/count/users',
    '/api/admin/count/redeems',
    '/api/admin/total/gidrredeemed',
    '/api/price',
    '/api/admin/price/history?days=30',
    '/api/admin/list/redeems?limit=5&page=0',
    '/api/admin/list/users?limit=5&page=0',
  ];
  const once = () => Promise.all(paths.map((path) => getJson(api, path)));
  for (let i = 0; i < warmUpRequests; i++) await once();
  const times: number[] = [];
  for (let i = 0; i < iterations; i++) {
    const started = performance.now();
    await once();
    times.push(performance.now() - started);
  }
  return summarize(
    `dashboard: its ${paths.length} calls at once (counts, total, price, 30-day history, latest 5 redemptions and users)`,
    times,
    'all answered',
  );
}

/**
 * The redemption list over HTTP: first and last page of 10 and 100 newest first, with and
 * without a status filter; the total card (the count cards are timed in count-cards-benchmark.ts);
 * one redemption, the vault and the dashboard.
 */
export async function benchRedemptionList(api: BenchApi): Promise<Timing[]> {
  const timings: Timing[] = [];
  for (const status of [undefined, 'REQUESTED', 'REDEEMED'] as const) {
    const filter = status ? `&status=${status}` : '';
    const { total } = await getJson<{ total: number }>(api, `/api/admin/list/redeems?limit=1&page=0${filter}`);
    for (const limit of [10, 100]) {
      const lastPage = Math.max(0, Math.ceil(total / limit) - 1);
      const base = `/api/admin/list/redeems?limit=${limit}&sort=createdAt&order=desc${filter}`;
      const label = `${status ? `status ${status}` : 'all statuses'}, ${limit} a page`;
      const first = await timeGet(api, `${label}, first page`, `${base}&page=0`, page, { target: p95AtMost(targets.page) });
      timings.push(first);
      timings.push(
        await timeGet(api, `${label}, last page (${lastPage.toLocaleString('en')})`, `${base}&page=${lastPage}`, page, {
          target: asFastAs(first),
        }),
      );
    }
  }
  const card = { target: p95AtMost(targets.count) };
  timings.push(
    await timeGet(
      api,
      'count card Total {product} Redeemed (GET /admin/total/gidrredeemed)',
      '/api/admin/total/gidrredeemed',
      (b) => `total ${(b as { total: string }).total}`,
      card,
    ),
  );
  timings.push(
    await timeGet(
      api,
      'latest price (GET /price)',
      '/api/price',
      (b) => `harga_jual ${(b as { harga_jual: number }).harga_jual.toLocaleString('en')}`,
    ),
  );
  const { data } = await getJson<{ data: Array<{ id: number }> }>(api, '/api/admin/list/redeems?limit=1&page=0&status=PREPARATION');
  if (data[0]) {
    timings.push(
      await timeGet(
        api,
        'one redemption (GET /admin/redeem/{id})',
        `/api/admin/redeem/${data[0].id}`,
        (b) => `${(b as { physicalGoldRedeems: unknown[] }).physicalGoldRedeems.length} kinds of pieces`,
      ),
    );
  }
  timings.push(
    await timeGet(api, 'the vault (GET /admin/denoms)', '/api/admin/denoms', (b) => `${(b as { total: number }).total} denominations`),
  );
  timings.push(await timeDashboard(api));
  return timings;
}
