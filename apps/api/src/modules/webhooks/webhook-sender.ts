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

/**
 * The outbox's sender: run by the leader alone (cluster/leadership.ts), so one process sends.
 * Reads due deliveries, posts each signed, and records the outcome: delivered (2xx) or the next
 * attempt after the schedule's wait. A delivery whose outcome was not recorded (the leader died
 * mid-send) is sent again by the next leader: at least once, with the same webhook-id.
 */
export function startWebhookSender(options: WebhookSenderOptions): { stop(): Promise<void> } {
  const { db, log } = options;
  const delays = options.retryDelaysMs ?? defaultRetryDelaysMs;
  const pollMs = options.pollMs ?? 200;
  const timeoutMs = options.timeoutMs ?? 10_000;
  const concurrency = options.concurrency ?? 32;
  let stopped = false;
  let wake: (() => void) | undefined;
  const inFlight = new AbortController();
  let lastPrune = 0;

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
    if (stopped && error) return; // cut short by stop: not an attempt of the receiver's doing
    const attempts = delivery.attempts + 1;
    if (!error) {
      await db.execute(
        sql`update ${d} set status = 'delivered', attempts = ${attempts}, last_attempt_at = now(), delivered_at = now(),
              last_response_status = ${status}, last_error = null
            where ${d.id} = ${delivery.id} and ${d.status} = 'pending'`,
      );
      return;
    }
    const delay = delays[attempts - 1];
    await db.execute(
      delay === undefined
        ? sql`update ${d} set status = 'failed', attempts = ${attempts}, last_attempt_at = now(), last_response_status = ${status},
                last_error = ${error} where ${d.id} = ${delivery.id} and ${d.status} = 'pending'`
        : sql`update ${d} set attempts = ${attempts}, last_attempt_at = now(), last_response_status = ${status}, last_error = ${error},
                next_attempt_at = now() + make_interval(secs => ${delay / 1000})
              where ${d.id} = ${delivery.id} and ${d.status} = 'pending'`,
    );
  }

  async function round(): Promise<number> {
    const due = await selectRows<DueDelivery>(
      db,
      sql`select ${d.id} as "id", ${d.payload}::text as "body", ${d.attempts} as "attempts", ${s.url} as "url", ${s.secret} as "secret"
            from ${d} join ${s} on ${s.id} = ${d.subscriptionId}
           where ${d.status} = 'pending' and ${d.nextAttemptAt} <= now()
           order by ${d.nextAttemptAt}, ${d.id} limit ${concurrency * 4}`,
    );
    let next = 0;
    const worker = async () => {
      while (!stopped && next < due.length) await attempt(due[next++]!);
    };
    await Promise.all(Array.from({ length: Math.min(concurrency, due.length) }, worker));
    return due.length;
  }

  const loop = (async () => {
    while (!stopped) {
      let sent = 0;
      try {
        sent = await round();
        if (Date.now() - lastPrune > 3_600_000) {
          lastPrune = Date.now();
          await pruneIdempotencyKeys(db);
        }
      } catch (error) {
        if (!stopped) log.error({ err: error }, 'webhook sender: reading or updating the outbox failed; trying again');
      }
      // A full round may have left more due: go on at once; otherwise wait for the next poll.
      if (!stopped && sent === 0) {
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, pollMs);
          wake = () => {
            clearTimeout(timer);
            resolve();
          };
        });
      }
    }
  })();

  log.info({ pollMs }, 'webhook sender started');
  return {
    async stop() {
      stopped = true;
      inFlight.abort();
      wake?.();
      await loop;
    },
  };
}
