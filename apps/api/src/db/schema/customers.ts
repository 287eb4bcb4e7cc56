import { sql } from 'drizzle-orm';
import { bigint, check, date, index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { ekycStatuses, emailStatuses, genders, kycNotificationStatuses } from '@gold/contract';
import { createdAtColumn } from './columns';

/** The platform's customers ("users" in the spec and its API paths), one wallet each. */
export const customers = pgTable(
  'customers',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    fullName: text('full_name').notNull(),
    email: text('email').notNull().unique(),
    emailStatus: text('email_status', { enum: emailStatuses }).notNull().default('UNVERIFIED'),
    dob: date('dob', { mode: 'string' }),
    gender: text('gender', { enum: genders }),
    province: text('province'),
    address: text('address'),
    nik: text('nik').unique(),
    phoneNumber: text('phone_number'),
    ekycStatus: text('ekyc_status', { enum: ekycStatuses }).notNull().default('UNVERIFIED'),
    walletAddress: text('wallet_address').unique(),
    createdAt: createdAtColumn(),
  },
  (t) => [
    check('customers_nik_format', sql`${t.nik} ~ '^[0-9]{16}$'`),
    check('customers_wallet_format', sql`${t.walletAddress} ~ '^0x[0-9a-fA-F]{40}$'`),
    // Sortable list columns.
    index('customers_created_at_id_idx').on(t.createdAt, t.id),
    index('customers_full_name_idx').on(t.fullName, t.id),
    index('customers_ekyc_status_idx').on(t.ekycStatus, t.id),
    index('customers_province_idx').on(t.province, t.id),
    index('customers_dob_idx').on(t.dob, t.id),
    index('customers_gender_idx').on(t.gender, t.id),
    // 'Search user' matches name or e-mail anywhere in the text: trigram indexes.
    index('customers_full_name_trgm_idx').using('gin', sql`lower(${t.fullName}) gin_trgm_ops`),
    index('customers_email_trgm_idx').using('gin', sql`lower(${t.email}) gin_trgm_ops`),
    // Chain addresses arrive lower-case (transfers, escrow deposits): the wallet's owner is found by lower().
    index('customers_wallet_lower_idx').on(sql`lower(${t.walletAddress})`),
  ],
);

/** KYC provider callbacks; a SUCCESS one carries the customer's KYC reference. */
export const kycNotifications = pgTable(
  'kyc_notifications',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    status: text('status', { enum: kycNotificationStatuses }).notNull(),
    referenceNumber: text('reference_number').notNull(),
    createdAt: createdAtColumn(),
  },
  (t) => [index('kyc_notifications_customer_id_idx').on(t.customerId)],
);

/**
 * One row, bumped by a statement-level trigger (migration 0016) in the same transaction as any
 * insert, update, delete or truncate of customers: two snapshots that see the same version see
 * the same customers.
 */
export const customerVersion = pgTable('customer_version', {
  id: integer('id').primaryKey().default(1),
  version: bigint('version', { mode: 'number' }).notNull(),
});

/**
 * The matches of a customer search, in list order, for the customers' version they were read at:
 * paging through a search, or asking it again from any process, reads them here instead of
 * scanning and sorting every match again. Exact while the version holds; an entry of an older
 * version is never read and is deleted when a newer one is written.
 */
export const customerSearchMatches = pgTable(
  'customer_search_matches',
  {
    search: text('search').notNull(),
    sort: text('sort').notNull(),
    sortOrder: text('sort_order').notNull(),
    version: bigint('version', { mode: 'number' }).notNull(),
    ids: integer('ids').array().notNull(),
    createdAt: createdAtColumn(),
  },
  (t) => [primaryKey({ columns: [t.search, t.sort, t.sortOrder, t.version] }), index('customer_search_matches_version_idx').on(t.version)],
);
