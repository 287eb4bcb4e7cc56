import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import { platformScopes } from '@gold/contract';
import type { Database } from '../src/db/client';
import { createSystemCredential } from '../src/modules/credentials/credentials.repository';
import { percentile } from './http-timing';

/**
 * `npm run bench -- --platform`: the platform API under load on a scratch database.
 * 1. Redemption requests, each with its own Idempotency-Key, at 50 connections for `seconds`
 *    (customers and denominations spread so requests do not all wait on one lock).
 * 2. 10,000 webhook events put in the outbox at 200 a second, delivered by the leader's sender to
 *    a local receiver: event-to-delivery latency, and nothing lost.
 */

const connections = 50;
const events = 10_000;
const eventsPerSecond = 200;
const denoms = [1, 2, 5, 10, 25, 50, 100, 250];

/** An open counter day (Monday to Friday) two days or more ahead, as YYYY-MM-DD. */
function counterDay(): string {
  let day = new Date(Date.now() + 7 * 3_600_000 + 2 * 86_400_000);
  while (day.getUTCDay() === 0 || day.getUTCDay() === 6) day = new Date(day.getTime() + 86_400_000);
  return day.toISOString().slice(0, 10);
}

interface PlatformBenchResult {
  section: string;
  ok: boolean;
}

export async function benchPlatform(db: Database, baseUrl: string, seconds: number): Promise<PlatformBenchResult> {
  const { secret } = await createSystemCredential(db, 'benchmark platform', platformScopes);
  const auth = { authorization: `Bearer ${secret}`, 'content-type': 'application/json' };
  // Verified customers with wallets, made through the API; pieces put in the vault directly.
  const customerIds: number[] = [];
  for (let i = 0; i < 200; i++) {
    const wallet = `0x${randomUUID().replace(/-/g, '')}${String(i).padStart(8, '0')}`;
    const made = await fetch(`${baseUrl}/api/platform/customers`, {
      method: 'POST',
      headers: { ...auth, 'idempotency-key': randomUUID() },
      body: JSON.stringify({ email: `bench-${i}-${randomUUID().slice(0, 6)}@example.com`, fullName: `Bench ${i}`, walletAddress: wallet }),
    });
    const { id } = (await made.json()) as { id: number };
    await fetch(`${baseUrl}/api/platform/customers/${id}/kyc`, {
      method: 'POST',
      headers: { ...auth, 'idempotency-key': randomUUID() },
      body: JSON.stringify({ status: 'SUCCESS', referenceNumber: `BENCH-${id}` }),
    });
    customerIds.push(id);
  }
  // Stock is pieces now (issue 32): a new denomination opens this many placeholder pieces at JKT-01,
  // more than 15 s of requests can reserve (a million each made 8 million rows before the first request).
  for (const denom of denoms) {
    await db.execute(sql`insert into gold_denominations (denom, amount) values (${denom}, 20000) on conflict (denom) do nothing`);
  }

  const day = counterDay();
  let n = 0;
  const requests = await autocannon({
    url: `${baseUrl}/api/platform/redemptions`,
    connections,
    duration: seconds,
    method: 'POST',
    headers: auth,
    requests: [
      {
        setupRequest: (request) => {
          n++;
          return {
            ...request,
            headers: { ...request.headers, 'idempotency-key': randomUUID() },
            body: JSON.stringify({
              customerId: customerIds[n % customerIds.length],
              pieces: [{ denom: denoms[n % denoms.length], amount: 1 }],
              appointmentDate: day,
              timeSlot: [8, 10, 12, 14][n % 4],
              fee: '0.05',
            }),
          };
        },
      },
    ],
  });
  const requestErrors = requests.errors + requests.timeouts + requests.non2xx;

  // Webhooks: a receiver that notes when each delivery arrives.
  const arrivals = new Map<string, number>();
  let duplicates = 0;
  const receiver = createServer((request, response) => {
    const id = String(request.headers['webhook-id']);
    request.resume();
    request.on('end', () => {
      if (arrivals.has(id)) duplicates++;
      else arrivals.set(id, Date.now());
      response.statusCode = 204;
      response.end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;
  await db.execute(sql`delete from webhook_subscriptions`);
  await fetch(`${baseUrl}/api/platform/webhooks`, {
    method: 'POST',
    headers: { ...auth, 'idempotency-key': randomUUID() },
    body: JSON.stringify({ url: receiverUrl, events: ['kyc.recorded'] }),
  });
  const batch = eventsPerSecond / 10;
  const started = Date.now();
  for (let sent = 0; sent < events; sent += batch) {
    await db.execute(
      sql`select enqueue_webhook_event('kyc.recorded', jsonb_build_object('customerId', g, 'status', 'SUCCESS')) from generate_series(${sent + 1}::int, ${sent + batch}::int) g`,
    );
    const due = started + ((sent + batch) / eventsPerSecond) * 1000;
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, due - Date.now())));
  }
  const deadline = Date.now() + 60_000;
  while (arrivals.size < events && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 200));
  receiver.close();
  const rows = (await db.execute(
    sql`select id, (extract(epoch from created_at) * 1000)::float8 as at from webhook_deliveries`,
  )) as unknown as { rows: Array<{ id: string; at: number }> } | Array<{ id: string; at: number }>;
  const created = Array.isArray(rows) ? rows : rows.rows;
  const latencies = created
    .filter((row) => arrivals.has(row.id))
    .map((row) => arrivals.get(row.id)! - Number(row.at))
    .sort((a, b) => a - b);
  const lost = events - arrivals.size;

  const p99Ok = requests.latency.p99 <= 250;
  const deliveryOk = (percentile(latencies, 99) ?? Infinity) <= 2000;
  const ok = requestErrors === 0 && p99Ok && deliveryOk && lost === 0;
  const section = [
    '## Platform API (`npm run bench -- --platform`)',
    '',
    `Redemption requests through the platform API, each with its own Idempotency-Key, ${connections} connections for ${seconds} s ` +
      `(${customerIds.length} verified customers, ${denoms.length} denominations); then ${events.toLocaleString('en')} webhook events ` +
      `written to the outbox at ${eventsPerSecond}/s and delivered by the leader's sender to a local receiver. One API process on the local PostgreSQL; ` +
      `autocannon on the same 2 cores as the API and PostgreSQL (its histogram gives p90 and p97.5, not p95). Targets: 0 errors, p99 at most 250 ms, delivery p99 at most 2 s, nothing lost.`,
    '',
    '| case | requests | requests/s | p50 | p90 | p97.5 | p99 | errors |',
    '|---|---|---|---|---|---|---|---|',
    `| POST /api/platform/redemptions (201) | ${requests.requests.total} | ${Math.round(requests.requests.average)} | ${requests.latency.p50} ms | ${requests.latency.p90} ms | ${requests.latency.p97_5} ms | ${requests.latency.p99} ms | ${requestErrors} |`,
    '',
    '| webhooks | delivered | lost | duplicates | latency p50 | p95 | p99 |',
    '|---|---|---|---|---|---|---|',
    `| ${events.toLocaleString('en')} events at ${eventsPerSecond}/s | ${arrivals.size.toLocaleString('en')} | ${lost} | ${duplicates} | ${Math.round(percentile(latencies, 50) ?? 0)} ms | ${Math.round(percentile(latencies, 95) ?? 0)} ms | ${Math.round(percentile(latencies, 99) ?? 0)} ms |`,
    '',
    `Verdict: ${ok ? 'every target met' : `targets missed: ${[requestErrors ? 'errors' : '', p99Ok ? '' : 'request p99', deliveryOk ? '' : 'delivery p99', lost ? 'lost events' : ''].filter(Boolean).join(', ')}`}.`,
    '',
  ].join('\n');
  return { section, ok };
}
