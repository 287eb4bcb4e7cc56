import type { BenchApi } from './api-process';
import { timeGet, type Timing } from './http-timing';

const page = (body: unknown) => {
  const { data, total } = body as { data: unknown[]; total: number };
  return `${data.length} rows of ${total.toLocaleString('en')}`;
};

async function getJson<T>(api: BenchApi, path: string): Promise<T> {
  const response = await fetch(`${api.baseUrl}${path}`, { headers: { cookie: api.cookie, 'accept-encoding': 'gzip' } });
  if (!response.ok) throw new Error(`${path} answered ${response.status}`);
  return (await response.json()) as T;
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

/** The calls the dashboard makes when it opens, sent at once as the browser does: the time until the last one answers. */
async function timeDashboard(api: BenchApi, iterations = 50): Promise<Timing> {
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
  for (let i = 0; i < 5; i++) await once();
  const times: number[] = [];
  for (let i = 0; i < iterations; i++) {
    const started = performance.now();
    await once();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return {
    name: `dashboard: its ${paths.length} calls at once (counts, total, price, 30-day history, latest 5 redemptions and users)`,
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    max: times.at(-1)!,
    note: 'all answered',
  };
}

/**
 * The redemption list over HTTP: first and last page of 10 and 100 newest first, with and
 * without a status filter; the count and total cards; one redemption, the vault and the dashboard.
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
      timings.push(await timeGet(api, `${label}, first page`, `${base}&page=0`, page));
      timings.push(await timeGet(api, `${label}, last page (${lastPage.toLocaleString('en')})`, `${base}&page=${lastPage}`, page));
    }
  }
  const count = (b: unknown) => `count ${(b as { count: number }).count.toLocaleString('en')}`;
  timings.push(await timeGet(api, 'count card Total Redemptions (GET /admin/count/redeems)', '/api/admin/count/redeems', count));
  timings.push(
    await timeGet(
      api,
      'count card Total {product} Redeemed (GET /admin/total/gidrredeemed)',
      '/api/admin/total/gidrredeemed',
      (b) => `total ${(b as { total: string }).total}`,
    ),
  );
  timings.push(await timeGet(api, 'count card Total Users (GET /admin/count/users)', '/api/admin/count/users', count));
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
