import { Faker, id_ID, base, en } from '@faker-js/faker';
import { sql } from 'drizzle-orm';
import type { Database } from '../client';
import { auditLog } from '../schema';
import { seedDemoAdmins } from './admins';
import { seedContactMessages } from './contacts';
import { startOfUtcDay, type SeedContext } from './context';
import { seedCustomers } from './customers';
import { seedOrders } from './purchases';
import { seedPrices } from './prices';
import { seedRedemptionLimits, seedRedemptions } from './redemptions';
import { seedSettlementHistory } from './settlement';
import { seedTransactions } from './transactions';
import { seedVault } from './vault';

// The generator's public face: callers (server, CLI, benchmark, tests) import from this file only.
export { demoNik } from './customers';
export { demoLimitHistory } from './redemptions';

export interface SeedCounts {
  users: number;
  redemptions: number;
  transactions: number;
  orders: number;
  messages: number;
  prices: number;
}

/** What `npm start` loads into an empty database: enough to fill every screen. */
export const defaultSeedCounts: SeedCounts = {
  users: 500,
  redemptions: 300,
  transactions: 1200,
  orders: 600,
  messages: 40,
  prices: 180,
};

export interface SeedOptions {
  /** Same seed and as-of date, same data. */
  seed?: number;
  /** The "now" of the demo world: every date is at or before it, appointments may follow it. */
  asOf?: Date;
  log?: (message: string) => void;
}

export interface SeedSummary {
  seed: number;
  asOf: string;
  inserted: Record<string, number>;
  milliseconds: number;
}

/**
 * Fills an empty database with a realistic, deterministic Indonesian demo world, in one
 * transaction (a failed run leaves nothing behind). It keeps the business invariants:
 * a redemption's total is the sum of its pieces, and no denomination's available stock
 * (stock minus the pieces of REDEEMED redemptions) is negative, with every reserved piece covered.
 *
 * The steps share one faker, so their order is part of the output: moving a step changes the data of every later one.
 */
export async function seedDemoData(db: Database, counts: SeedCounts, options: SeedOptions = {}): Promise<SeedSummary> {
  const started = Date.now();
  const seed = options.seed ?? 20261122;
  const asOf = options.asOf ?? startOfUtcDay(new Date());
  const log = options.log ?? (() => {});
  if ((counts.redemptions > 0 || counts.orders > 0) && counts.users === 0) {
    throw new Error('redemptions and orders need customers: set --users above 0');
  }
  const faker = new Faker({ locale: [id_ID, en, base], seed });
  const inserted: Record<string, number> = {};

  await db.transaction(async (tx) => {
    const context: SeedContext = { tx, faker, seed, asOf, log, inserted };
    const buyers = await seedCustomers(context, counts.users);
    const adminId = await seedDemoAdmins(context);
    await seedRedemptions(context, counts.redemptions, buyers);
    await seedRedemptionLimits(context, adminId);
    const prices = await seedPrices(context, counts.prices);
    await seedOrders(context, counts.orders, buyers, prices);
    await seedTransactions(context, counts.transactions, buyers);
    await seedSettlementHistory(context);
    await seedContactMessages(context, counts.messages);
    await seedVault(context);
    await tx
      .insert(auditLog)
      .values({ action: 'demo-data.seeded', entity: 'database', details: { seed, asOf: asOf.toISOString(), inserted } });
  });

  const summary = { seed, asOf: asOf.toISOString(), inserted, milliseconds: Date.now() - started };
  log(
    `demo data: ${Object.entries(inserted)
      .map(([t, n]) => `${n} ${t}`)
      .join(', ')} in ${summary.milliseconds} ms`,
  );
  return summary;
}

/** Tables the generator fills, emptied by `--reset` (admins, sessions and the audit log are kept). */
export async function clearDemoData(db: Database): Promise<void> {
  await db.transaction(async (tx) => {
    // The vault ledger goes with the stock and redemptions it records: its movements refuse
    // TRUNCATE except under this transaction-local setting, kept for the demo reset.
    await tx.execute(sql`set local gold.demo_reset = 'on'`);
    await tx.execute(sql`truncate table
      redemption_pieces, redemption_otps, redemptions, gold_denominations, redemption_limits,
      kyc_notifications, purchases, token_transactions, customers, gold_prices, contact_messages,
      vault_movements, vault_pieces, vault_confirmations
      restart identity cascade`);
  });
}
