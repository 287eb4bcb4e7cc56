import { goldPrices } from '../schema';
import { dayMs, hourMs, rowsPerInsert, type SeedContext } from './context';

/** A day's selling price, as orders look it up. */
export interface DailyPrice {
  at: number;
  hargaJual: number;
}

/** One price a day up to as-of, a random walk around 1.5 million rupiah a gram; the buy-back price is about 6 % lower. */
export async function seedPrices({ tx, faker, asOf, inserted }: SeedContext, count: number): Promise<DailyPrice[]> {
  const rows: Array<typeof goldPrices.$inferInsert> = [];
  let price = 1_420_000;
  for (let i = 0; i < count; i++) {
    price = Math.max(1_000_000, price + faker.number.int({ min: -12, max: 14 }) * 1000);
    rows.push({
      hargaJual: price,
      hargaBeli: Math.round((price * 0.94) / 1000) * 1000,
      createdAt: new Date(asOf.getTime() - (count - i) * dayMs + 2 * hourMs),
    });
  }
  for (let k = 0; k < rows.length; k += rowsPerInsert) await tx.insert(goldPrices).values(rows.slice(k, k + rowsPerInsert));
  inserted.gold_prices = count;
  return rows.map((r) => ({ at: r.createdAt!.getTime(), hargaJual: r.hargaJual }));
}
