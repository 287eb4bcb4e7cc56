import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { IndexerStatus } from '@gold/contract';
import type { AppDeps } from '../../app-deps';
import { indexerStatusOf } from '../chain/indexer-status';

/**
 * The process's Prometheus metrics (prom-client), one registry per process: the chain reader
 * counts its JSON-RPC calls here wherever it runs; the app adds HTTP latency, the indexer's lag
 * and the database pool. Later workers register theirs in this module.
 */
const metricsRegistry = new Registry();
collectDefaultMetrics({ register: metricsRegistry });

const rpcRequests = new Counter({
  name: 'chain_rpc_requests_total',
  help: 'JSON-RPC requests sent to the chain node, by method',
  labelNames: ['method'] as const,
  registers: [metricsRegistry],
});
const rpcErrors = new Counter({
  name: 'chain_rpc_errors_total',
  help: 'JSON-RPC requests that failed (transport, rate limit or an error answer), by method',
  labelNames: ['method'] as const,
  registers: [metricsRegistry],
});

/** Counts one JSON-RPC call (the chain reader's transport calls it). */
export function countRpc(method: string, failed: boolean): void {
  rpcRequests.inc({ method });
  if (failed) rpcErrors.inc({ method });
}

const httpDuration = new Histogram({
  name: 'http_request_duration_seconds',
  help: 'HTTP request latency by route (the route pattern, not the URL)',
  labelNames: ['method', 'route', 'status_code'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [metricsRegistry],
});

/** What the gauges read when scraped: the app registered last in this process (one per process outside tests). */
let sources: { deps: AppDeps } | undefined;

/** One read of the indexer's status per scrape (the gauges below each ask for it). */
let statusRead: { at: number; status: Promise<IndexerStatus | null> } | undefined;
/**
 * The watcher's status, whichever process runs it: this one's own, else what the leading process
 * wrote to the database, so every process's /metrics reports the indexer.
 */
const indexerStatus = (): Promise<IndexerStatus | null> => {
  if (!statusRead || Date.now() - statusRead.at > 500) {
    const deps = sources?.deps;
    statusRead = { at: Date.now(), status: deps ? indexerStatusOf(deps.db, deps.chain?.()).catch(() => null) : Promise.resolve(null) };
  }
  return statusRead.status;
};
const indexerGauge = (name: string, help: string, read: (s: IndexerStatus) => number | null) =>
  new Gauge({
    name,
    help,
    registers: [metricsRegistry],
    async collect() {
      const status = await indexerStatus();
      const value = status ? read(status) : null;
      this.reset();
      if (value !== null) this.set(value);
    },
  });
indexerGauge('indexer_lag_blocks', 'Blocks between the node head and the last block the transfer watcher stored', (s) => s.lagBlocks);
indexerGauge('indexer_lag_seconds', 'Block time between the node head and the last block stored', (s) => s.lagSeconds);
indexerGauge('indexer_head_block', 'The node head the transfer watcher last saw', (s) => s.headBlock);
indexerGauge('indexer_finalized_block', 'The finalized block the transfer watcher last read', (s) => s.finalizedBlock);
indexerGauge('indexer_indexed_block', 'Every block up to this one is stored', (s) => s.indexedBlock);
indexerGauge('indexer_halted', '1 when a reorganisation deeper than the bound stopped the transfer watcher', (s) =>
  s.state === 'halted' ? 1 : 0,
);
indexerGauge('indexer_stalled', "1 when the node's head has not moved for CHAIN_STALL_SECONDS", (s) => (s.stalled ? 1 : 0));

new Gauge({
  name: 'db_pool_connections_in_use',
  help: 'PostgreSQL pool connections checked out (PGlite: its one connection, 0)',
  registers: [metricsRegistry],
  collect() {
    const pool = (sources?.deps.db as unknown as { $client?: { totalCount?: number; idleCount?: number } } | undefined)?.$client;
    this.set(typeof pool?.totalCount === 'number' ? pool.totalCount - (pool.idleCount ?? 0) : 0);
  },
});
new Gauge({
  name: 'db_pool_connections_waiting',
  help: 'Requests waiting for a PostgreSQL pool connection',
  registers: [metricsRegistry],
  collect() {
    const pool = (sources?.deps.db as unknown as { $client?: { waitingCount?: number } } | undefined)?.$client;
    this.set(pool?.waitingCount ?? 0);
  },
});

function tokenMatches(header: string | undefined, token: string): boolean {
  const given = Buffer.from(header?.startsWith('Bearer ') ? header.slice(7) : '');
  const expected = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * Times every request by route, and serves GET /metrics (Prometheus text) to a scraper that
 * sends `Authorization: Bearer <METRICS_TOKEN>`; without METRICS_TOKEN there is no /metrics at
 * all. Not public: anyone else gets 404, as if it did not exist.
 */
export function registerMetrics(app: FastifyInstance, deps: AppDeps): void {
  sources = { deps };
  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url ?? 'unmatched';
    if (route === '/metrics') return;
    httpDuration.observe({ method: request.method, route, status_code: String(reply.statusCode) }, reply.elapsedTime / 1000);
  });
  const token = deps.config.METRICS_TOKEN;
  if (!token) return;
  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    if (!tokenMatches(request.headers.authorization, token)) return reply.code(404).send({ message: 'Not Found' });
    return reply
      .header('content-type', metricsRegistry.contentType)
      .header('cache-control', 'no-store')
      .send(await metricsRegistry.metrics());
  });
}
