import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, primaryKey, smallint, text } from 'drizzle-orm/pg-core';
import { platformScopes, webhookDeliveryStatuses } from '@gold/contract';
import { admins } from './admins';
import { purchases } from './purchases';
import { createdAtColumn, timestamptz } from './columns';

/**
 * Credentials of the customer platform: the secret is shown once and only its SHA-256 is kept
 * (a 256-bit random secret needs no slow hash: nothing to guess). `token_prefix` names it in
 * the console without revealing it.
 */
export const integrationCredentials = pgTable(
  'integration_credentials',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    scopes: text('scopes', { enum: platformScopes }).array().notNull(),
    secretHash: text('secret_hash').notNull().unique(),
    tokenPrefix: text('token_prefix').notNull(),
    expiresAt: timestamptz('expires_at'),
    revokedAt: timestamptz('revoked_at'),
    /** Touched at most once a minute (a busy platform would otherwise write it on every call). */
    lastUsedAt: timestamptz('last_used_at'),
    createdByAdminId: integer('created_by_admin_id').references(() => admins.id),
    createdAt: createdAtColumn(),
  },
  (t) => [index('integration_credentials_created_at_idx').on(t.createdAt, t.id)],
);

/**
 * Idempotency-Key records (one per credential and key): the request's fingerprint, and once
 * answered the status and body sent back, replayed for 24 hours to the same key and body.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    credentialId: integer('credential_id')
      .notNull()
      .references(() => integrationCredentials.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    fingerprint: text('fingerprint').notNull(),
    /** Null while the first request with this key is being processed. */
    responseStatus: smallint('response_status'),
    responseBody: text('response_body'),
    createdAt: createdAtColumn(),
    expiresAt: timestamptz('expires_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.credentialId, t.key] }), index('idempotency_keys_expires_at_idx').on(t.expiresAt)],
);

/** A purchase's mint on chain, linked by the platform once it has minted (one transaction per purchase). */
export const purchaseMints = pgTable('purchase_mints', {
  purchaseId: integer('purchase_id')
    .primaryKey()
    .references(() => purchases.id, { onDelete: 'cascade' }),
  txHash: text('tx_hash').notNull().unique(),
  linkedAt: createdAtColumn(),
});

/** Where a credential's platform wants to hear about events, and the secret its deliveries are signed with. */
export const webhookSubscriptions = pgTable(
  'webhook_subscriptions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    credentialId: integer('credential_id')
      .notNull()
      .references(() => integrationCredentials.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    events: text('events').array().notNull(),
    /** Standard Webhooks secret (whsec_ + base64): kept as is, it signs every delivery. */
    secret: text('secret').notNull(),
    createdAt: createdAtColumn(),
    deletedAt: timestamptz('deleted_at'),
  },
  (t) => [index('webhook_subscriptions_credential_id_idx').on(t.credentialId)],
);

/**
 * The durable outbox: one row per event and subscription, written in the transaction that made
 * the change (triggers and the platform's writes). The leader's sender delivers due rows and
 * moves them on; the id is the Standard Webhooks message id, the same on every attempt.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: text('id').primaryKey(),
    subscriptionId: integer('subscription_id')
      .notNull()
      .references(() => webhookSubscriptions.id, { onDelete: 'cascade' }),
    eventType: text('event_type').notNull(),
    /** The whole signed body: {type, timestamp, data}. */
    payload: jsonb('payload').notNull(),
    status: text('status', { enum: webhookDeliveryStatuses }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamptz('next_attempt_at').notNull().defaultNow(),
    lastAttemptAt: timestamptz('last_attempt_at'),
    lastResponseStatus: smallint('last_response_status'),
    lastError: text('last_error'),
    deliveredAt: timestamptz('delivered_at'),
    createdAt: createdAtColumn(),
  },
  (t) => [
    check('webhook_deliveries_attempts_nonnegative', sql`${t.attempts} >= 0`),
    index('webhook_deliveries_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.status} = 'pending'`),
    index('webhook_deliveries_created_at_idx').on(t.createdAt, t.id),
  ],
);
