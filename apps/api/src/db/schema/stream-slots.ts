import { bigint, index, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAtColumn, timestamptz } from './columns';

/**
 * Streams a session holds open (CSV exports, event streams), in whichever API process serves
 * them, so the per-session caps hold across processes. The serving process renews
 * `expires_at` while the stream lives and deletes the row when it ends; a process that dies
 * leaves rows that stop counting once they expire.
 */
export const streamSlots = pgTable(
  'stream_slots',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** The session's token hash, as sessions are stored. */
    sessionHash: text('session_hash').notNull(),
    kind: text('kind', { enum: ['export', 'events'] }).notNull(),
    createdAt: createdAtColumn(),
    expiresAt: timestamptz('expires_at').notNull(),
  },
  (t) => [index('stream_slots_session_kind_idx').on(t.sessionHash, t.kind)],
);
