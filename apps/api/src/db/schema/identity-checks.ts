import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { identityDocumentTypes } from '@gold/contract';
import { admins } from './admins';
import { redemptions } from './redemptions';

/**
 * The identity document a teller checked at the counter before a hand-over (migration 0031): its
 * type and last 4 characters only, never the whole number. Appended, never updated (a trigger
 * refuses it): the latest check made since the redemption's last status change is the one approve needs.
 */
export const redemptionIdentityChecks = pgTable(
  'redemption_identity_checks',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    redemptionId: integer('redemption_id')
      .notNull()
      .references(() => redemptions.id, { onDelete: 'cascade' }),
    documentType: text('document_type', { enum: identityDocumentTypes }).notNull(),
    last4: text('last4').notNull(),
    adminId: integer('admin_id')
      .notNull()
      .references(() => admins.id),
    // The clock when written (after the redemption's lock), not the transaction's start: compared with the last status change.
    checkedAt: timestamp('checked_at', { withTimezone: true })
      .notNull()
      .default(sql`clock_timestamp()`),
  },
  (t) => [
    check('redemption_identity_checks_document_type', sql`${t.documentType} in ('KTP', 'PASSPORT', 'SIM')`),
    check('redemption_identity_checks_last4', sql`${t.last4} ~ '^[A-Za-z0-9]{4}$'`),
    index('redemption_identity_checks_redemption_idx').on(t.redemptionId, t.id),
  ],
);
