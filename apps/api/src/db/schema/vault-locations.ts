import { integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAtColumn } from './columns';

/**
 * A vault location (a branch's strongroom): it holds its own pieces, and a redemption is collected
 * at one. Migration 0029 makes the first one (id 1, JKT-01), where every existing piece and
 * redemption is.
 */
export const vaultLocations = pgTable(
  'vault_locations',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    createdAt: createdAtColumn(),
  },
  (t) => [uniqueIndex('vault_locations_code_key').on(t.code)],
);

/** The location migration 0029 made: where a redemption is collected unless another is named. */
export const defaultVaultLocationId = 1;
