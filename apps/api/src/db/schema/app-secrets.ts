import { pgTable, text } from 'drizzle-orm/pg-core';
import { createdAtColumn } from './columns';

/**
 * Secrets the service makes for itself on its first start and every API process then reads
 * (e.g. the one-time-code key when OTP_HASH_KEY is not set): one value per name, written once.
 */
export const appSecrets = pgTable('app_secret', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: createdAtColumn(),
});
