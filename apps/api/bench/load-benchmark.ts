import { Worker } from 'node:worker_threads';
import autocannon from 'autocannon';
import { customerSortFields } from '@gold/contract';
import { openDatabase } from '../src/db/client';
import { findCustomerPage } from '../src/modules/customers/customers.repository';
import { signInAs, startBenchApi, type BenchApi } from './api-process';
import { getJson, percentile } from './http-timing';

/** Concurrent clients (kept-alive connections). */
export const loadConnections = 50;
/** Seconds per case, after `warmUpSeconds` of the same load that are not counted. */
const caseSeconds = 8;
const warmUpSeconds = 2;
/** Sign-ins sent at once while health is polled, and how many such bursts (one after the other: more health samples). */
const signInBurst = 100;
const signInBursts = 5;

/** The targets on this 2-core machine. */
export const loadTargets = { p99: 250, ceilingRatio: 0.5, healthP95: 50 } as const;

interface LoadCase {
  name: string;
  /** One path, or several cycled through by each connection (the dashboard's calls). */
  paths: string[];
  /** This case's throughput is compared with the raw SQL ceiling. */
  againstCeiling?: boolean;
}

interface LoadFigures {
  name: string;
  requestsPerSecond: number;
  p50: number;
  p95: number;
  p99: number;
  /** Connection errors, time-outs and non-2xx answers. */
  errors: number;
  requests: number;
}

interface HealthFigures {
  path: string;
  p50: number;
  p95: number;
  max: number;
  samples: number;
}

interface SignInBurst {
  statuses: Record<string, number>;
  health: HealthFigures[];
  /** The same checks with nothing else sent, just before. */
  atRest: HealthFigures[];
}

export interface LoadRun {
  processes: number;
  cases: LoadFigures[];
  burst: SignInBurst;
}

/** The cases: user list first and last page sorted, a search, the redemption list, every count card, the dashboard, a redemption review. */
async function loadCases(api: BenchApi, customers: number): Promise<LoadCase[]> {
  const sort = customerSortFields.includes('fullName') ? 'fullName' : customerSortFields[0];
  const lastPage = Math.ceil(customers / 10) - 1;
  const { data } = await getJson<{ data: Array<{ id: number }> }>(api, '/api/admin/list/redeems?limit=1&page=0&status=PREPARATION');
  const review = data[0] ?? (await getJson<{ data: Array<{ id: number }> }>(api, '/api/admin/list/redeems?limit=1&page=0')).data[0];
  if (!review) throw new Error('no redemption to review');
  const cards = [
    '/api/admin/count/users',
    '/api/admin/count/redeems',
    '/api/admin/count/transactions',
    '/api/admin/count/order',
    '/api/admin/count/admins',
    '/api/admin/count/messages',
    '/api/admin/total/gidrredeemed',
  ];
  return [
    {
      name: `user list, sorted by ${sort}, first page of 10`,
      paths: [`/api/admin/list/users?limit=10&page=0&sort=${sort}&order=asc`],
      againstCeiling: true,
    },
    {
      name: `user list, sorted by ${sort}, last page of 10 (${lastPage.toLocaleString('en')})`,
      paths: [`/api/admin/list/users?limit=10&page=${lastPage}&sort=${sort}&order=asc`],
    },
    { name: "user search ('santoso'), first page", paths: ['/api/admin/list/users?limit=10&page=0&search=santoso'] },
    {
      name: 'redemption list, newest first, first page of 10',
      paths: ['/api/admin/list/redeems?limit=10&page=0&sort=createdAt&order=desc'],
    },
    ...cards.map((path) => ({ name: `count card GET ${path.replace('/api', '')}`, paths: [path] })),
    {
      name: 'dashboard: its 7 calls, each connection cycling through them',
      paths: [
        '/api/admin/count/users',
        '/api/admin/count/redeems',
        '/api/admin/total/gidrredeemed',
        '/api/price',
        '/api/admin/price/history?days=30',
        '/api/admin/list/redeems?limit=5&page=0',
        '/api/admin/list/users?limit=5&page=0',
      ],
    },
    { name: `redemption review (GET /admin/redeem/${review.id})`, paths: [`/api/admin/redeem/${review.id}`] },
  ];
}

/** Runs autocannon for `seconds` at `loadConnections`, timing every answer itself (autocannon's own percentiles skip p95). */
function hammer(api: BenchApi, paths: string[], seconds: number): Promise<LoadFigures & { name: '' }> {
  const times: number[] = [];
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url: api.baseUrl,
        connections: loadConnections,
        duration: seconds,
        headers: { cookie: api.cookie, 'accept-encoding': 'gzip' },
        requests: paths.map((path) => ({ method: 'GET' as const, path })),
        timeout: 10,
      },
      (error, result) => {
        if (error) return reject(error);
        const sorted = times.sort((a, b) => a - b);
        resolve({
          name: '',
          requests: result.requests.total,
          requestsPerSecond: result.requests.total / (result.duration || seconds),
          p50: percentile(sorted, 50),
          p95: percentile(sorted, 95),
          p99: percentile(sorted, 99),
          errors: result.errors + result.timeouts + result.non2xx,
        });
      },
    );
    instance.on('response', (_client, _status, _bytes, responseTime) => times.push(responseTime));
  });
}

async function runLoadCase(api: BenchApi, loadCase: LoadCase): Promise<LoadFigures> {
  await hammer(api, loadCase.paths, warmUpSeconds);
  return { ...(await hammer(api, loadCase.paths, caseSeconds)), name: loadCase.name };
}

/**
 * The health probes run on a thread of their own: the 100 sign-ins' answers arriving in this
 * thread would otherwise delay the probes' timing and be charged to the API. Each path is asked
 * one request at a time on a fresh connection (as a load balancer does) until told to stop.
 */
const probeSource = `
const { parentPort, workerData } = require('node:worker_threads');
const http = require('node:http');
let done = false;
parentPort.on('message', () => (done = true));
const once = (path) =>
  new Promise((resolve, reject) => {
    const started = performance.now();
    http
      .get(workerData.baseUrl + path, { agent: false }, (response) => {
        response.resume();
        response.on('end', () =>
          response.statusCode === 200 ? resolve(performance.now() - started) : reject(new Error(path + ' answered ' + response.statusCode)),
        );
      })
      .on('error', reject);
  });
const samples = {};
Promise.all(
  workerData.paths.map(async (path) => {
    samples[path] = [];
    while (!done) samples[path].push(await once(path));
  }),
).then(() => parentPort.postMessage(samples));
`;

/** Two clients (a load balancer's two checks) poll /api/health/live and /api/health/ready, one request at a time each, while `work` runs. */
async function healthDuring(api: BenchApi, work: () => Promise<void>): Promise<HealthFigures[]> {
  const paths = ['/api/health/live', '/api/health/ready'];
  const probe = new Worker(probeSource, { eval: true, workerData: { baseUrl: api.baseUrl, paths } });
  const failed = new Promise<never>((_resolve, reject) => probe.once('error', reject));
  const samples = new Promise<Record<string, number[]>>((resolve) => probe.once('message', resolve));
  await Promise.race([new Promise((resolve) => probe.once('online', resolve)), failed]);
  try {
    await work();
  } finally {
    probe.postMessage('stop');
  }
  const measured = await Promise.race([samples, failed]);
  await probe.terminate();
  return paths.map((path) => {
    const sorted = measured[path]!.sort((a, b) => a - b);
    return { path, p50: percentile(sorted, 50), p95: percentile(sorted, 95), max: sorted.at(-1)!, samples: sorted.length };
  });
}

/**
 * Health at rest (3 s, nothing else sent: what the machine itself costs), then during 100
 * sign-ins (argon2) sent at once with the right password, `signInBursts` times in a row.
 */
async function signInBurstWithHealth(api: BenchApi): Promise<SignInBurst> {
  const statuses: Record<string, number> = {};
  const atRest = await healthDuring(api, () => new Promise((resolve) => setTimeout(resolve, 3000)));
  const health = await healthDuring(api, async () => {
    for (let burst = 0; burst < signInBursts; burst++) {
      await Promise.all(
        Array.from({ length: signInBurst }, () =>
          signInAs(api.baseUrl).then(
            (status) => (statuses[status] = (statuses[status] ?? 0) + 1),
            (error: Error) => (statuses[error.message] = (statuses[error.message] ?? 0) + 1),
          ),
        ),
      );
    }
  });
  return { statuses, health, atRest };
}

/**
 * The ceiling: the user-list page's own SQL (findCustomerPage, the API's query builder) sent
 * straight through a pg pool of 50 connections by 50 concurrent loops, no HTTP and no session.
 */
export async function userListCeiling(databaseUrl: string, sort: string): Promise<LoadFigures> {
  const handle = await openDatabase({ kind: 'postgres', url: databaseUrl, poolSize: loadConnections });
  const query = { limit: 10, page: 0, sort, order: 'asc' } as Parameters<typeof findCustomerPage>[1];
  try {
    const run = async (seconds: number) => {
      const times: number[] = [];
      const until = performance.now() + seconds * 1000;
      let errors = 0;
      await Promise.all(
        Array.from({ length: loadConnections }, async () => {
          while (performance.now() < until) {
            const started = performance.now();
            try {
              await findCustomerPage(handle.db, query);
            } catch {
              errors++;
            }
            times.push(performance.now() - started);
          }
        }),
      );
      const sorted = times.sort((a, b) => a - b);
      return {
        name: `ceiling: the user-list page's SQL through a pg pool, ${loadConnections} clients`,
        requests: sorted.length,
        requestsPerSecond: sorted.length / seconds,
        p50: percentile(sorted, 50),
        p95: percentile(sorted, 95),
        p99: percentile(sorted, 99),
        errors,
      };
    };
    await run(warmUpSeconds);
    return await run(caseSeconds);
  } finally {
    await handle.close();
  }
}

/** Every case, then the sign-in burst, on the built API with `processes` workers (1: one plain process). */
export async function benchLoad(databaseUrl: string, customers: number, processes: number): Promise<LoadRun> {
  const api = await startBenchApi(databaseUrl, processes > 1 ? { WORKERS: String(processes) } : {});
  try {
    const cases: LoadFigures[] = [];
    for (const loadCase of await loadCases(api, customers)) {
      const figures = await runLoadCase(api, loadCase);
      process.stdout.write(
        `  ${processes} process(es): ${figures.name}: ${figures.requestsPerSecond.toFixed(0)} req/s, p99 ${figures.p99} ms, ${figures.errors} errors\n`,
      );
      cases.push(figures);
    }
    const burst = await signInBurstWithHealth(api);
    return { processes, cases, burst };
  } finally {
    await api.stop();
  }
}

const ms = (v: number) => v.toFixed(0);

/** The section's tables: each case at 1 and at N processes, the ceiling and the ratios, the sign-in burst. */
export function loadTables(runs: LoadRun[], ceiling: LoadFigures): { lines: string[]; missed: string[] } {
  const missed: string[] = [];
  const lines = [
    `| case | processes | req/s | p50 ms | p95 ms | p99 ms | errors | p99 <= ${loadTargets.p99} ms, 0 errors |`,
    '|---|---|---|---|---|---|---|---|',
  ];
  for (const run of runs) {
    for (const c of run.cases) {
      const met = c.errors === 0 && c.p99 <= loadTargets.p99;
      if (!met) missed.push(`${c.name} at ${run.processes}`);
      lines.push(
        `| ${c.name} | ${run.processes} | ${c.requestsPerSecond.toFixed(0)} | ${ms(c.p50)} | ${ms(c.p95)} | ${ms(c.p99)} | ${c.errors} | ${met ? 'pass' : '**miss**'} |`,
      );
    }
  }
  lines.push(
    `| ${ceiling.name} | - | ${ceiling.requestsPerSecond.toFixed(0)} | ${ms(ceiling.p50)} | ${ms(ceiling.p95)} | ${ms(ceiling.p99)} | ${ceiling.errors} | - |`,
    '',
    `| list page against the ceiling | processes | API req/s | ceiling req/s | ratio | at least ${loadTargets.ceilingRatio * 100}% |`,
    '|---|---|---|---|---|---|',
  );
  for (const run of runs) {
    for (const c of run.cases.filter((x) => x.name.includes('first page of 10') && x.name.startsWith('user list'))) {
      const ratio = c.requestsPerSecond / ceiling.requestsPerSecond;
      if (ratio < loadTargets.ceilingRatio) missed.push(`ceiling ratio at ${run.processes}`);
      lines.push(
        `| ${c.name} | ${run.processes} | ${c.requestsPerSecond.toFixed(0)} | ${ceiling.requestsPerSecond.toFixed(0)} | ${(ratio * 100).toFixed(0)}% | ${ratio >= loadTargets.ceilingRatio ? 'pass' : '**miss**'} |`,
      );
    }
  }
  lines.push(
    '',
    `| health during ${signInBursts} bursts of ${signInBurst} sign-ins at once | processes | p50 ms | p95 ms | max ms | samples | at rest p50 / p95 ms | sign-in answers | p95 <= ${loadTargets.healthP95} ms |`,
    '|---|---|---|---|---|---|---|---|---|',
  );
  for (const run of runs) {
    const answers = Object.entries(run.burst.statuses)
      .map(([status, n]) => `${n} x ${status}`)
      .join(', ');
    for (const [i, h] of run.burst.health.entries()) {
      const met = h.p95 <= loadTargets.healthP95;
      if (!met) missed.push(`${h.path} during the burst at ${run.processes}`);
      const rest = run.burst.atRest[i]!;
      lines.push(
        `| GET ${h.path} | ${run.processes} | ${h.p50.toFixed(1)} | ${h.p95.toFixed(1)} | ${h.max.toFixed(1)} | ${h.samples} | ${rest.p50.toFixed(1)} / ${rest.p95.toFixed(1)} | ${answers} | ${met ? 'pass' : '**miss**'} |`,
      );
    }
  }
  return { lines, missed };
}
