import { index, inet, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAtColumn } from './columns';

/** Messages sent by visitors through the public contact form. */
export const contactMessages = pgTable(
  'contact_messages',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    fullname: text('fullname').notNull(),
    institutionName: text('institution_name'),
    message: text('message').notNull(),
    email: text('email').notNull(),
    phoneNumber: text('phone_number'),
    createdAt: createdAtColumn(),
    /** Who sent it (the per-address throttle counts these); null for demo data. */
    ipAddress: inet('ip_address'),
  },
  (t) => [
    index('contact_messages_created_at_id_idx').on(t.createdAt, t.id),
    index('contact_messages_ip_address_created_at_idx').on(t.ipAddress, t.createdAt),
  ],
);
