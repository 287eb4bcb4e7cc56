import { purchases } from '../schema';
import { insertByColumns } from './bulk-insert';
import { chunks, dayMs, hundredthsToDecimal, logProgress, type SeedContext } from './context';
import type { Buyer } from './customers';
import type { DailyPrice } from './prices';

/** Purchases by buyers after they signed up, each at the price of its day. */
export async function seedOrders(context: SeedContext, count: number, buyers: Buyer[], prices: DailyPrice[]): Promise<void> {
  const { faker, asOf } = context;
  if (count > 0 && buyers.length === 0) throw new Error('orders need at least one verified customer with a wallet');
  const from = prices.length ? prices[0]!.at : asOf.getTime() - 365 * dayMs;
  for (const { start, end } of chunks(count)) {
    const rows: Array<typeof purchases.$inferInsert> = [];
    for (let i = start; i < end; i++) {
      const customer = faker.helpers.arrayElement(buyers);
      const at = faker.number.int({ min: Math.max(from, customer.createdAt.getTime()), max: asOf.getTime() - 60_000 });
      const priceOfDay = prices.findLast((p) => p.at <= at)?.hargaJual ?? prices[0]?.hargaJual ?? 1_420_000;
      rows.push({
        customerId: customer.id,
        amount: hundredthsToDecimal(faker.number.int({ min: 10, max: 5000 })),
        priceIdr: priceOfDay,
        createdAt: new Date(at),
      });
    }
    await insertByColumns(context.tx, purchases, rows);
    logProgress(context, 'orders', end, count);
  }
  context.inserted.purchases = count;
}
