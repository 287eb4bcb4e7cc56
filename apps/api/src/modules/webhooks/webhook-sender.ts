import { sql } from 'drizzle-orm';
import { selectRows, type Database } from '../../db/client';
import { webhookDeliveries, webhookSubscriptions } from '../../db/schema';
import { pruneIdempotencyKeys } from '../platform/idempotency';
import { webhookHeaders } from './webhook-signature';

/**
 * Waits before each retry (Standard Webhooks' schedule): 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h,
 * some 27.5 hours in all; a delivery that fails the last is marked failed (an admin can resend it).
 */
const defaultRetryDelaysMs = [5_000, 300_000, 1_800_000, 7_200_000, 18_000_000, 36_000_000, 36_000_000];

interface SenderLogger {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

export interface WebhookSenderOptions {
  db: Database;
  log: SenderLogger;
  retryDelaysMs?: readonly number[];
  /** How often the outbox is read when idle. */
  pollMs?: number;
  /** A receiver that has not answered within this is a failed attempt. */
  timeoutMs?: number;
  /** Deliveries in flight at once. */
  concurrency?: number;
}

interface DueDelivery {
  id: string;
  body: string;
  attempts: number;
  url: string;
  secret: string;
}

const d = webhookDeliveries;
const s = webhookSubscriptions;

/** What one attempt came to, written with the others of its batch in one statement. */
interface Outcome {
  id: string;
  ok: boolean;
  attempts: number;
  at: string;
  status: number | null;
  error: string | null;
  /** Seconds to the next attempt; null when the schedule is spent (the delivery fails). Named as the SQL reads it. */
  delay_seconds: number | null;
}

/**
 * The outbox's sender: run by the leader alone (cluster/leadership.ts), so one process sends.
 * Leases due deliveries (their next attempt moved past the time-out, so a leader that dies
 * mid-send leaves them due again: at least once, with the same webhook-id), posts each signed,
 * `concurrency` at once, and records the outcomes in batches: one UPDATE for every attempt that
 * ended within `flushMs`, rather than one per delivery (each a commit of its own).
 */
export function startWebhookSender(options: WebhookSenderOptions): { stop(): Promise<void> } {
  const { db, log } = options;
  const delays = options.retryDelaysMs ?? defaultRetryDelaysMs;
  const pollMs = options.pollMs ?? 200;
  const timeoutMs = options.timeoutMs ?? 10_000;
  const concurrency = options.concurrency ?? 32;
  /** Outcomes wait at most this long to be written with others. */
  const flushMs = 25;
  /** A leased delivery is due again after this, if its outcome was never written. */
  const leaseSeconds = Math.ceil(timeoutMs / 1000) + 30;
  let stopped = false;
  let wake: (() => void) | undefined;
  const inFlight = new AbortController();
  let lastPrune = 0;
  let sending = 0;
  let outcomes: Outcome[] = [];
  let flushing: Promise<void> = Promise.resolve();
  let flushTimer: NodeJS.Timeout | undefined;
  /** Deliveries whose send stop cut short: due again at once for the next leader. */
  const cutShort: string[] = [];
  /** Set while the loop waits for a free slot (every slot busy). */
  let slotFree: (() => void) | undefined;

  async function attempt(delivery: DueDelivery): Promise<void> {
    let status: number | null = null;
    let error: string | null = null;
    try {
      const response = await fetch(delivery.url, {
        method: 'POST',
        headers: webhookHeaders(delivery.secret, delivery.id, delivery.body),
        body: delivery.body,
        redirect: 'manual',
        signal: AbortSignal.any([AbortSignal.timeout(timeoutMs), inFlight.signal]),
      });
      status = response.status;
      // The body is not read beyond what it takes to free the connection.
      await response.body?.cancel().catch(() => {});
      if (status < 200 || status >= 300) error = `answered ${status}`;
    } catch (caught) {
      const cause = (caught as { cause?: { code?: string; message?: string } }).cause;
      error = (cause?.code ?? cause?.message ?? (caught as Error).message ?? 'failed').slice(0, 300);
    }
    if (stopped && error) {
      // Cut short by stop: not an attempt of the receiver's doing; its lease is given back on stop.
      cutShort.push(delivery.id);
      return;
    }
    const attempts = delivery.attempts + 1;
    const delay = error ? delays[attempts - 1] : undefined;
    outcomes.push({
      id: delivery.id,
      ok: !error,
      attempts,
      at: new Date().toISOString(),
      status,
      error,
      delay_seconds: delay === undefined ? null : delay / 1000,
    });
    flushTimer ??= setTimeout(() => void flush(), flushMs);
  }

  /** Writes the outcomes gathered so far in one statement; one write at a time, in order. */
  function flush(): Promise<void> {
    clearTimeout(flushTimer);
    flushTimer = undefined;
    const batch = outcomes;
    outcomes = [];
    if (batch.length === 0) return flushing;
    flushing = flushing.then(async () => {
      try {
        await db.execute(
          sql`update ${d} set
                status = case when o.ok then 'delivered' when o.delay_seconds is null then 'failed' else 'pending' end,
                attempts = o.attempts, last_attempt_at = o.at, last_response_status = o.status, last_error = o.error,
                delivered_at = case when o.ok then o.at else ${d.deliveredAt} end,
                next_attempt_at = case when o.delay_seconds is null then ${d.nextAttemptAt} else o.at + make_interval(secs => o.delay_seconds) end
              from jsonb_to_recordset(${JSON.stringify(batch)}::jsonb)
                as o(id text, ok boolean, attempts int, at timestamptz, status int, error text, delay_seconds float8)
              where ${d.id} = o.id and ${d.status} = 'pending'`,
        );
      } catch (error) {
        // Not written: the leases run out and those deliveries are sent again (at least once).
        if (!stopped) log.error({ err: error, deliveries: batch.length }, 'webhook sender: recording outcomes failed');
      }
    });
    return flushing;
  }

  /** Leases up to `room` due deliveries: their next attempt moves past the time-out while they are sent. */
  async function lease(room: number): Promise<DueDelivery[]> {
    return selectRows<DueDelivery>(
      db,
      sql`update ${d} set next_attempt_at = now() + make_interval(secs => ${leaseSeconds})
            from ${s}
           where ${s.id} = ${d.subscriptionId}
             and ${d.id} in (select ${d.id} from ${d} where ${d.status} = 'pending' and ${d.nextAttemptAt} <= now()
                              order by ${d.nextAttemptAt}, ${d.id} limit ${room} for update skip locked)
       returning ${d.id} as "id", ${d.payload}::text as "body", ${d.attempts} as "attempts", ${s.url} as "url", ${s.secret} as "secret"`,
    );
  }

  const loop = (async () => {
    while (!stopped) {
      let leased = 0;
      try {
        const room = concurrency - sending;
        if (room > 0) {
          const due = await lease(room);
          leased = due.length;
          for (const delivery of due) {
            sending++;
            void attempt(delivery).finally(() => {
              sending--;
              slotFree?.();
            });
          }
        }
        if (Date.now() - lastPrune > 3_600_000) {
          lastPrune = Date.now();
          await pruneIdempotencyKeys(db);
        }
      } catch (error) {
        if (!stopped) log.error({ err: error }, 'webhook sender: reading or updating the outbox failed; trying again');
      }
      if (stopped) break;
      if (sending >= concurrency) {
        // Every slot busy: wait for one, then a moment for others to free up (fewer, larger leases).
        await new Promise<void>((resolve) => {
          slotFree = wake = () => {
            slotFree = wake = undefined;
            resolve();
          };
        });
        await new Promise((resolve) => setTimeout(resolve, flushMs));
      } else if (leased === 0) {
        // Nothing due: the next poll.
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, pollMs);
          wake = () => {
            clearTimeout(timer);
            wake = undefined;
            resolve();
          };
        });
      }
      // Otherwise more may be due: go on at once.
    }
  })();

  log.info({ pollMs, concurrency }, 'webhook sender started');
  return {
    async stop() {
      stopped = true;
      inFlight.abort();
      wake?.();
      await loop;
      while (sending > 0) await new Promise((resolve) => setTimeout(resolve, 10));
      await flush();
      if (cutShort.length > 0) {
        await db
          .execute(
            sql`update ${d} set next_attempt_at = now() where ${d.id} in (select jsonb_array_elements_text(${JSON.stringify(cutShort)}::jsonb)) and ${d.status} = 'pending'`,
          )
          .catch((error: unknown) => log.warn({ err: error }, 'webhook sender: leases not given back; they run out on their own'));
      }
    },
  };
}
