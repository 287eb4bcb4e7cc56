import { bigint, index, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAtColumn } from './columns';

/**
 * What the console is told live (GET /admin/events): each event is written in the transaction
 * that made the change and announced with pg_notify, which PostgreSQL delivers on commit. The
 * rows let a client that reconnects with Last-Event-ID get what it missed; old rows are pruned.
 */
export const adminEvents = pgTable(
  'admin_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    createdAt: createdAtColumn(),
    type: text('type').notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
  },
  (t) => [index('admin_events_created_at_idx').on(t.createdAt)],
);

/**
 * Events queued by a transaction, moved to admin_events (numbered, announced) by a deferred trigger
 * at its commit (migration 0034): always empty outside a transaction.
 */
export const adminEventsPending = pgTable('admin_events_pending', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  type: text('type').notNull(),
  data: jsonb('data').$type<Record<string, unknown>>().notNull(),
});
