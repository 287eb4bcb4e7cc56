import type { AuditAction } from '@gold/contract';
import { bigint, index, inet, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { admins } from './admins';
import { timestamptz } from './columns';

/** Append-only: triggers refuse UPDATE, DELETE (migration 0002) and TRUNCATE (migration 0023). */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    occurredAt: timestamptz('occurred_at').notNull().defaultNow(),
    adminId: integer('admin_id').references(() => admins.id),
    action: text('action').$type<AuditAction>().notNull(),
    entity: text('entity').notNull(),
    entityId: text('entity_id'),
    fromState: text('from_state'),
    toState: text('to_state'),
    details: jsonb('details').$type<Record<string, unknown>>(),
    /** The client's address of the request that made the change; null without a request (start-up, seeding). */
    ipAddress: inet('ip_address'),
  },
  (t) => [
    index('audit_log_entity_idx').on(t.entity, t.entityId, t.occurredAt),
    index('audit_log_occurred_at_idx').on(t.occurredAt),
    // The Audit Log page: newest first, whole log or one admin's or one action's entries (read backwards).
    index('audit_log_occurred_at_id_idx').on(t.occurredAt, t.id),
    index('audit_log_admin_id_occurred_at_id_idx').on(t.adminId, t.occurredAt, t.id),
    index('audit_log_action_occurred_at_id_idx').on(t.action, t.occurredAt, t.id),
  ],
);

/**
 * The hash chain over the audit log, one link per entry, in commit order: a deferred trigger
 * (migration 0023) appends the link when the entry's transaction commits, under one lock, so
 * the chain stays linear whichever process writes. hash = SHA-256 of prevHash and the entry's
 * canonical fields (see modules/audit/audit-chain.ts); the first link's prevHash is 64 zeros.
 * Append-only like the log.
 */
export const auditLogChain = pgTable('audit_log_chain', {
  position: bigint('position', { mode: 'number' }).primaryKey(),
  entryId: bigint('entry_id', { mode: 'number' })
    .notNull()
    .unique()
    .references(() => auditLog.id),
  prevHash: text('prev_hash').notNull().unique(),
  hash: text('hash').notNull().unique(),
});
