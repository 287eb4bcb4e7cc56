import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { cpus, loadavg, totalmem } from 'node:os';
import { parseArgs } from 'node:util';
import { getHeapStatistics } from 'node:v8';
import pg from 'pg';
import { migrateDatabase, openDatabase, selectRows } from '../src/db/client';
import { seedDemoData } from '../src/db/seed/seed-demo-data';
import { sql } from 'drizzle-orm';
import { apiRunsFrom, startBenchApi, useBuiltApi } from './api-process';
import { setDocsFile, writeSection } from './docs-section';
import { benchBalances, startBenchChain } from './balances-benchmark';
import { benchCountCards } from './count-cards-benchmark';
import { benchUserExport, exportTable } from './export-benchmark';
import { timedRequests, timingTable, verdictLine, warmUpRequests } from './http-timing';
import { benchLoad, loadConnections, loadTables, loadTargets, userListCeiling, type LoadRun } from './load-benchmark';
import { benchRedemptionList } from './redemption-list-benchmark';
import { benchTransactionList } from './transaction-list-benchmark';
import { benchUserList } from './user-list-benchmark';
import { runIndexerBench } from './indexer-benchmark';
import { runPlatformBench } from './platform-run';
import { runSettlementBench } from './settlement-benchmark';

/**
 * `npm run bench`: seeds a scratch PostgreSQL database with a million customers (and their
 * redemptions, orders, transactions), measures time and peak memory, then starts the API as
 * its own process on that database (reading balances from a demo anvil behind a counting
 * proxy) and times the lists, count cards, balances and the customer CSV export over HTTP with
 * a signed-in session. Drops the database afterwards and writes the figures to
 * docs/benchmarks.md (or the file given with --docs, e.g. for a small trial run). The API runs
 * from its sources through tsx, or from its build with --built. Timed here, never inside `npm test`.
 */
const { values } = parseArgs({
  options: {
    users: { type: 'string', default: '1000000' },
    url: { type: 'string', default: process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres' },
    docs: { type: 'string' },
    built: { type: 'boolean', default: false },
    load: { type: 'boolean', default: false },
    /** The transfer watcher over --logs Transfer logs on a local anvil (default 1,000,000). */
    indexer: { type: 'boolean', default: false },
    logs: { type: 'string', default: '1000000' },
    /** The platform API alone (redemption requests, webhook deliveries) on an empty scratch database. */
    platform: { type: 'boolean', default: false },
    seconds: { type: 'string', default: '20' },
    /** Hand-overs approved at once on the demo chain, burned by the signer: approve to a final burn. */
    settlement: { type: 'boolean', default: false },
    handovers: { type: 'string', default: '100' },
  },
});
if (values.docs) setDocsFile(values.docs);
if (values.indexer) {
  await runIndexerBench(values.url!, Number(values.logs));
  process.exit(process.exitCode ?? 0);
}
if (values.settlement) {
  await runSettlementBench(values.url!, Number(values.handovers));
  process.exit();
}
if (values.platform) {
  await runPlatformBench(values.url!, Number(values.seconds));
  process.exit();
}
// The load benchmark runs the built server, as `npm start` and `WORKERS=2 npm start` do.
if (values.built || values.load) useBuiltApi();
const users = Number(values.users);
if (!Number.isInteger(users) || users < 1) throw new Error('--users must be a positive whole number');
// Redemptions: users / 5 (200,000 at a million customers); token transactions:
// two per customer (2,000,000 at a million).
const counts = {
  users,
  redemptions: Math.round(users / 5),
  transactions: users * 2,
  orders: Math.round(users / 5),
  messages: 40,
  prices: 180,
};

const autocannonVersion = (createRequire(import.meta.url)('autocannon/package.json') as { version: string }).version;

const serverUrl = values.url!;
const name = `gold_bench_${randomBytes(4).toString('hex')}`;
const admin = new pg.Client({ connectionString: serverUrl });
await admin.connect();
await admin.query(`create database "${name}"`);
const url = new URL(serverUrl);
url.pathname = `/${name}`;

let peakRss = 0;
const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 250);
try {
  const handle = await openDatabase({ kind: 'postgres', url: url.toString(), poolSize: 2 });
  await migrateDatabase(handle);
  const summary = await seedDemoData(handle.db, counts, {
    seed: 20261122,
    asOf: new Date('2026-11-22T00:00:00Z'),
    log: (m) => process.stdout.write(`  ${m}\n`),
  });
  // What autovacuum would do after a bulk load: fresh planner statistics and visibility maps.
  await handle.db.execute(sql`vacuum analyze`);
  // And the bulk load's dirty pages written out now, not by the checkpointer during the timed cases.
  await handle.db.execute(sql`checkpoint`);
  const [size] = await selectRows<{ size: string }>(handle.db, sql`select pg_size_pretty(pg_database_size(current_database())) as size`);
  await handle.close();
  clearInterval(sampler);

  const rowsPerSecond = Math.round(users / (summary.milliseconds / 1000));
  const section = [
    '## Demo data: a million customers on PostgreSQL',
    '',
    `Measured ${new Date().toISOString().slice(0, 10)} by \`npm run bench\` (apps/api/bench/run.ts) on ${cpus().length} cores,`,
    `${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}, local PostgreSQL, one connection, one transaction.`,
    '',
    '| what | figure |',
    '|---|---|',
    `| customers | ${users.toLocaleString('en')} (+ ${summary.inserted.kyc_notifications!.toLocaleString('en')} KYC notifications) |`,
    `| redemptions / pieces | ${counts.redemptions.toLocaleString('en')} / ${summary.inserted.redemption_pieces!.toLocaleString('en')} |`,
    `| orders / token transactions | ${counts.orders.toLocaleString('en')} / ${counts.transactions.toLocaleString('en')} |`,
    `| total time | ${(summary.milliseconds / 1000).toFixed(1)} s (${rowsPerSecond.toLocaleString('en')} customers/s including the rest) |`,
    `| peak memory of the seeding process | ${Math.round(peakRss / 2 ** 20)} MiB (V8 heap limit ${Math.round(getHeapStatistics().heap_size_limit / 2 ** 20)} MiB) |`,
    `| database size afterwards | ${size!.size} |`,
    '',
    'Rows go in 10,000 at a time as one `insert ... select from unnest(array parameters)` per chunk,',
    'with the next chunk generated while the database writes the last one; most of the remaining',
    'time is PostgreSQL maintaining the trigram search indexes.',
    '',
  ].join('\n');
  // The load run keeps the seeding figures of the full run (its own are printed only).
  if (!values.load) writeSection(section);
  process.stdout.write(`\n${section}\n`);

  if (values.load) {
    await loadSection(url.toString(), users);
  } else {
    await latencySections(url.toString());
  }
} finally {
  clearInterval(sampler);
  await admin.query(`drop database if exists "${name}" with (force)`);
  await admin.end();
}

// Last: Lighthouse on the console's build (helper script of its own, its own section of the docs).
if (!values.load) await runLighthouse();

async function runLighthouse() {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', join(import.meta.dirname, 'lighthouse.ts'), ...(values.docs ? ['--docs', values.docs] : [])],
    {
      stdio: 'inherit',
    },
  );
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  if (code !== 0) throw new Error(`the Lighthouse benchmark failed (exit ${code})`);
}

/** `--load`: 50 concurrent clients on 1 and 2 processes, the raw SQL ceiling, health during a sign-in burst. */
async function loadSection(databaseUrl: string, customers: number) {
  const sort = 'fullName';
  const runs: LoadRun[] = [];
  // The machine's load average around the run: on a shared machine other work takes cores from these figures.
  const loadBefore = loadavg()[0]!;
  for (const processes of [1, 2]) runs.push(await benchLoad(databaseUrl, customers, processes));
  const ceiling = await userListCeiling(databaseUrl, sort);
  const loadAfter = loadavg()[0]!;
  const { lines, missed } = loadTables(runs, ceiling);
  const text = [
    '## Load: 50 concurrent clients, one and two API processes',
    '',
    `Measured ${new Date().toISOString().slice(0, 10)} by \`npm run bench -- --load\` (apps/api/bench/load-benchmark.ts) on ${cpus().length} cores,`,
    `a database seeded as in the first section (${customers.toLocaleString('en')} customers, after \`vacuum analyze\`). The API runs from its build: one process, then`,
    '`WORKERS=2` (node:cluster, two workers sharing the port), default settings (a pool of 10 connections per process).',
    `autocannon ${autocannonVersion} with ${loadConnections} kept-alive connections and a signed-in session, gzip asked for as a browser does; each case`,
    'runs 2 s unmeasured, then 8 s measured; p50/p95/p99 are over every answer of those 8 s. Errors are failed connections, time-outs and',
    "non-2xx answers. The ceiling is the user-list page query (the API's own query builder, findCustomerPage) run straight through a",
    `pg pool of ${loadConnections} connections by ${loadConnections} concurrent loops, no HTTP, no session; the API's list page is given as a ratio of it.`,
    'Health: 100 sign-ins with the right password sent at once, five times in a row (argon2; at most SIGN_IN_CONCURRENCY=2 hash at a',
    'time per process, SIGN_IN_QUEUE=8 wait, the rest are told 503 at once) while two clients on a thread of their own ask /api/health/live and /api/health/ready,',
    'one request at a time each on a fresh connection, as a load balancer does; the same checks for 3 s with nothing else sent',
    '("at rest", just before) show what the machine itself costs.',
    `Targets: 0 errors and p99 <= ${loadTargets.p99} ms per case; a list page at least ${loadTargets.ceilingRatio * 100}% of the ceiling; health p95 <= ${loadTargets.healthP95} ms.`,
    'The search case asks one search again and again: after its first answer its matches are read from customer_search_matches (docs/decisions.md),',
    'as a search paged through or asked again by another operator is. The first ask of a common name scans and sorts every match (the',
    "first section's single-client search figures).",
    '',
    `The machine's one-minute load average was ${loadBefore.toFixed(1)} before the run and ${loadAfter.toFixed(1)} after it (${cpus().length} cores).`,
    '',
    missed.length === 0 ? 'Every target met.' : `Missed: ${missed.join('; ')}.`,
    '',
    ...lines,
    '',
  ].join('\n');
  writeSection(text);
  process.stdout.write(`\n${text}\n`);
}

/** The latency sections: one client, one request at a time. */
async function latencySections(databaseUrl: string) {
  const url = new URL(databaseUrl);
  const chain = await startBenchChain(url.toString());
  const api = await startBenchApi(url.toString(), chain.apiEnv).catch(async (error: unknown) => {
    await chain.stop();
    throw error;
  });
  const measured = `Measured ${new Date().toISOString().slice(0, 10)} by \`npm run bench\``;
  const publish = (title: string, intro: string[], body: string[], footer = true) => {
    const text = [
      `## ${title}`,
      '',
      ...intro,
      '',
      ...body,
      '',
      ...(footer ? [`Peak resident memory of the API process so far: ${Math.round(api.peakRss() / 2 ** 20)} MiB.`, ''] : []),
    ].join('\n');
    writeSection(text);
    process.stdout.write(`\n${text}\n`);
  };
  try {
    const userList = await benchUserList(api, users);
    publish(
      'User list at a million customers',
      [
        `${measured} (apps/api/bench/user-list-benchmark.ts): the API as its own process, run from ${apiRunsFrom()},`,
        `on the database above (${users.toLocaleString('en')} customers, after \`vacuum analyze\`), one signed-in client sending one request at a time`,
        `over HTTP with gzip, ${timedRequests} timed requests per case after ${warmUpRequests} warm-up ones. Every sort of the contract in both orders.`,
        'Targets: a page p95 at most 20 ms with the last page as fast as the first (its median within 25% of the first one);',
        'a search p95 at most 50 ms.',
        '',
        verdictLine(userList),
      ],
      [timingTable(userList)],
    );

    const transactionList = await benchTransactionList(api);
    publish(
      'Transaction list',
      [
        `${measured} (apps/api/bench/transaction-list-benchmark.ts): same API process, database and client;`,
        `${counts.transactions.toLocaleString('en')} token transactions (two per customer), ${timedRequests} timed requests per case after ${warmUpRequests} warm-up ones.`,
        'Targets: a page p95 at most 20 ms with the last page as fast as the first (its median within 25% of the first one).',
        '',
        verdictLine(transactionList),
      ],
      [timingTable(transactionList)],
    );

    const countCards = await benchCountCards(api);
    publish(
      'Count cards',
      [
        `${measured} (apps/api/bench/count-cards-benchmark.ts): every count card of the console, each on its own,`,
        `same API process, database and client, ${timedRequests} timed requests per card after ${warmUpRequests} warm-up ones. Target: p95 at most 5 ms.`,
        '',
        verdictLine(countCards),
      ],
      [timingTable(countCards)],
    );

    const redemptionList = await benchRedemptionList(api);
    publish(
      'Redemption list, cards and dashboard',
      [
        `${measured} (apps/api/bench/redemption-list-benchmark.ts): same API process and`,
        `database (${counts.redemptions.toLocaleString('en')} redemptions of ${users.toLocaleString('en')} customers, every status), same client, ${timedRequests} timed`,
        `requests per case after ${warmUpRequests} warm-up ones. The list sorted by request date, newest first, with and without a status filter;`,
        'the dashboard case sends its calls at once and times the slowest. Targets: a list page p95 at most 20 ms with the last',
        'page as fast as the first (its median within 25% of the first one); a card at most 5 ms.',
        '',
        verdictLine(redemptionList),
      ],
      [timingTable(redemptionList)],
    );

    const balances = await benchBalances(api, chain);
    publish(
      'Balances of a page of 100 wallets',
      [
        `${measured} (apps/api/bench/balances-benchmark.ts): a real anvil (the demo chain: chain id 137, the demo`,
        `token and Multicall3, ${chain.setUp.wallets.toLocaleString('en')} customer wallets funded with real mints, transfers and burns in`,
        `${(chain.setUp.ms / 1000).toFixed(1)} s) behind a counting JSON-RPC proxy; the API reads it through the proxy, and so does the`,
        'one-request-per-wallet reader. Target: one RPC request per page of balances.',
        '',
        ...balances.summary,
        '',
        verdictLine(balances.timings),
      ],
      [timingTable(balances.timings)],
    );
  } finally {
    await api.stop();
    await chain.stop();
  }

  // The export on an API process of its own, fresh: its memory is the export's, not what four
  // minutes of earlier cases left on a heap V8 is in no hurry to shrink.
  const exportApi = await startBenchApi(url.toString());
  try {
    const exported = await benchUserExport(exportApi);
    const uncompressed = exported.available ? await benchUserExport(exportApi, 'identity') : undefined;
    publish(
      'CSV export of every customer',
      [
        `${measured} (apps/api/bench/export-benchmark.ts): \`GET /admin/export/users.csv\` on a freshly started API process`,
        `run from ${apiRunsFrom()} (no chain) on the same database (${users.toLocaleString('en')} customers), after one signed-in page of the user list,`,
        "read to the end by one client asking for gzip as a browser does; the API's resident memory (VmRSS) sampled from /proc",
        'every 20 ms while it ran. Target: streamed, the API under 300 MB resident.',
      ],
      [exportTable(exported, users, uncompressed)],
      false,
    );
  } finally {
    await exportApi.stop();
  }
}
