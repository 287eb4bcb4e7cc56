import { randomBytes } from 'node:crypto';
import { readFileSync, writeFileSync, existsSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { getHeapStatistics } from 'node:v8';
import pg from 'pg';
import { migrateDatabase, openDatabase, selectRows } from '../src/db/client';
import { seedDemoData } from '../src/db/seed/seed-demo-data';
import { sql } from 'drizzle-orm';

/**
 * `npm run bench`: seeds a scratch PostgreSQL database with a million customers (and their
 * redemptions, orders, transactions), measures time and peak memory, then drops the database
 * and writes the figures to docs/benchmarks.md. Timed here, never inside `npm test`.
 */
const { values } = parseArgs({
  options: {
    users: { type: 'string', default: '1000000' },
    url: { type: 'string', default: process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres' },
  },
});
const users = Number(values.users);
if (!Number.isInteger(users) || users < 1) throw new Error('--users must be a positive whole number');
const counts = { users, redemptions: users / 10, transactions: users / 5, orders: users / 5, messages: 40, prices: 180 };

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
  const [size] = await selectRows<{ size: string }>(handle.db, sql`select pg_size_pretty(pg_database_size(current_database())) as size`);
  await handle.close();
  clearInterval(sampler);

  const rowsPerSecond = Math.round(users / (summary.milliseconds / 1000));
  const section = [
    '## Demo data: a million customers on PostgreSQL',
    '',
    `Measured ${new Date().toISOString().slice(0, 10)} by \`npm run bench\` (apps/api/bench/seed-benchmark.ts) on ${cpus().length} cores,`,
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
  writeSection(section);
  process.stdout.write(`\n${section}\n`);
} finally {
  clearInterval(sampler);
  await admin.query(`drop database if exists "${name}" with (force)`);
  await admin.end();
}

/** Replaces this benchmark's section of docs/benchmarks.md, keeping the others. */
function writeSection(section: string) {
  const file = join(import.meta.dirname, '../../../docs/benchmarks.md');
  const header = '# Benchmarks\n\nFigures written by `npm run bench`; never timed inside `npm test`.\n\n';
  const current = existsSync(file) ? readFileSync(file, 'utf8') : header;
  const title = section.split('\n')[0]!;
  const start = current.indexOf(title);
  let next: string;
  if (start === -1) next = `${current.trimEnd()}\n\n${section}`;
  else {
    const end = current.indexOf('\n## ', start + title.length);
    next = current.slice(0, start) + section + (end === -1 ? '' : current.slice(end + 1));
  }
  writeFileSync(file, next.endsWith('\n') ? next : `${next}\n`);
}
