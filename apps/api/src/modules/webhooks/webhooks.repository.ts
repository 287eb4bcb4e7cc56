import { sql, type SQL } from 'drizzle-orm';
import type {
  CreatedWebhookSubscription,
  WebhookDelivery,
  WebhookDeliveryListQuery,
  WebhookEventType,
  WebhookSubscription,
  WebhookSubscriptionBody,
} from '@gold/contract';
import { selectRows, type Database, type Executor } from '../../db/client';
import { fetchPage, isoTimestamp, type ListSource } from '../../db/paging';
import { integrationCredentials, webhookDeliveries, webhookSubscriptions } from '../../db/schema';
import { conflict, notFound } from '../../lib/http-errors';
import { auditInsert, recordAudit } from '../audit/audit.repository';
import type { PlatformCaller } from '../credentials/credentials.repository';
import { newWebhookSecret } from './webhook-signature';

const s = webhookSubscriptions;
const d = webhookDeliveries;
const c = integrationCredentials;

/**
 * Puts an event in the outbox, one delivery per live subscription to its type, in the caller's
 * transaction: it is sent only if the change commits, and then at least once. The SQL function
 * (migration of the outbox) is the one the redemption triggers call too.
 */
export async function enqueueWebhookEvent(tx: Executor, type: WebhookEventType, data: Record<string, unknown>): Promise<void> {
  await tx.execute(sql`select enqueue_webhook_event(${type}, ${JSON.stringify(data)}::jsonb)`);
}

const subscriptionColumns = sql`${s.id} as "id", ${s.url} as "url", ${s.events} as "events", ${isoTimestamp(s.createdAt)} as "createdAt"`;

export function listSubscriptions(db: Executor, credentialId: number): Promise<WebhookSubscription[]> {
  return selectRows<WebhookSubscription>(
    db,
    sql`select ${subscriptionColumns} from ${s} where ${s.credentialId} = ${credentialId} and ${s.deletedAt} is null order by ${s.id}`,
  );
}

export async function subscribe(
  db: Database,
  caller: PlatformCaller,
  body: WebhookSubscriptionBody,
  ipAddress: string | null,
  /** Stores the answer under the request's Idempotency-Key in this transaction, with the audit entry (platform/idempotency.ts). */
  keep?: (tx: Executor, payload: CreatedWebhookSubscription, audited: SQL) => Promise<void>,
): Promise<CreatedWebhookSubscription> {
  const secret = newWebhookSecret();
  return db.transaction(async (tx) => {
    const [inserted] = await tx
      .insert(s)
      .values({ credentialId: caller.id, url: body.url, events: body.events, secret })
      .returning({ id: s.id });
    const [row] = await selectRows<WebhookSubscription>(tx, sql`select ${subscriptionColumns} from ${s} where ${s.id} = ${inserted!.id}`);
    const audited = auditInsert({
      adminId: null,
      ipAddress,
      action: 'platform.webhook-subscribe',
      entity: 'webhook_subscription',
      entityId: row!.id,
      toState: 'active',
      details: { credential: caller.name, url: body.url, events: body.events },
    });
    const created = { ...row!, secret };
    if (keep) await keep(tx, created, audited);
    else await tx.execute(audited);
    return created;
  });
}

/** Ends a subscription of the caller's: nothing more is queued for it (deliveries already queued still go out). */
export async function unsubscribe(db: Database, caller: PlatformCaller, id: number, ipAddress: string | null): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await selectRows<{ url: string }>(
      tx,
      sql`update ${s} set deleted_at = now() where ${s.id} = ${id} and ${s.credentialId} = ${caller.id} and ${s.deletedAt} is null
          returning ${s.url} as "url"`,
    );
    if (!row) throw notFound(`Webhook subscription ${id} not found`);
    await recordAudit(tx, {
      adminId: null,
      ipAddress,
      action: 'platform.webhook-unsubscribe',
      entity: 'webhook_subscription',
      entityId: id,
      fromState: 'active',
      toState: 'deleted',
      details: { credential: caller.name, url: row.url },
    });
  });
}

const deliveryColumns = sql`${d.id} as "id", ${d.eventType} as "eventType", ${s.url} as "url",
  json_build_object('id', ${c.id}, 'name', ${c.name}) as "credential", ${d.status} as "status", ${d.attempts} as "attempts",
  ${isoTimestamp(d.createdAt)} as "createdAt",
  case when ${d.status} = 'pending' then ${isoTimestamp(d.nextAttemptAt)} end as "nextAttemptAt",
  case when ${d.lastAttemptAt} is null then null else ${isoTimestamp(d.lastAttemptAt)} end as "lastAttemptAt",
  ${d.lastResponseStatus}::int as "lastResponseStatus", ${d.lastError} as "lastError",
  case when ${d.deliveredAt} is null then null else ${isoTimestamp(d.deliveredAt)} end as "deliveredAt"`;

const deliveryFrom = sql`from ${d} join ${s} on ${s.id} = ${d.subscriptionId} join ${c} on ${c.id} = ${s.credentialId}`;

function deliveryListSource(query: WebhookDeliveryListQuery): ListSource<'createdAt'> {
  const where: SQL | undefined = query.status ? sql`${d.status} = ${query.status}` : undefined;
  return {
    select: sql`select ${deliveryColumns} ${deliveryFrom}`,
    where,
    orderBy: { createdAt: [sql`${d.createdAt}`, sql`${d.id}`] },
    count: async (db) =>
      (await selectRows<{ n: number }>(db, sql`select count(*)::int as n from ${d} ${where ? sql`where ${where}` : sql``}`))[0]?.n ?? 0,
  };
}

export function findDeliveryPage(db: Database, query: WebhookDeliveryListQuery & { limit: number; page: number }) {
  return fetchPage<WebhookDelivery, 'createdAt'>(db, deliveryListSource(query), query);
}

async function findDelivery(db: Executor, id: string): Promise<WebhookDelivery | undefined> {
  const [row] = await selectRows<WebhookDelivery>(db, sql`select ${deliveryColumns} ${deliveryFrom} where ${d.id} = ${id}`);
  return row;
}

/** An admin sends a delivery again now (same id, so a receiver that had it can tell); one still pending is refused. */
export async function resendDelivery(db: Database, adminId: number, id: string, ipAddress: string | null): Promise<WebhookDelivery> {
  return db.transaction(async (tx) => {
    const [row] = await selectRows<{ status: string }>(tx, sql`select ${d.status} as "status" from ${d} where ${d.id} = ${id} for update`);
    if (!row) throw notFound(`Webhook delivery ${id} not found`);
    if (row.status === 'pending') throw conflict(`Webhook delivery ${id} is already waiting to be sent`);
    await tx.execute(sql`update ${d} set status = 'pending', next_attempt_at = now() where ${d.id} = ${id}`);
    await recordAudit(tx, {
      adminId,
      ipAddress,
      action: 'webhook.resend',
      entity: 'webhook_delivery',
      entityId: id,
      fromState: row.status,
      toState: 'pending',
    });
    return (await findDelivery(tx, id))!;
  });
}
