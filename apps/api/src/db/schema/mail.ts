import { bigint, pgTable, text } from 'drizzle-orm/pg-core';
import { timestamptz } from './columns';

/**
 * The demo mail catcher's mail (no SMTP_URL): kept here, not in one process's memory, so
 * /dev/mail shows what any API process sent. Only the newest 100 are kept.
 */
export const demoCaughtMail = pgTable('demo_caught_mail', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  receivedAt: timestamptz('received_at').notNull().defaultNow(),
  from: text('from_address').notNull(),
  to: text('to_addresses').array().notNull(),
  subject: text('subject').notNull(),
  text: text('text').notNull(),
});
