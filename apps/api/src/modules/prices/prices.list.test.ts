import { priceSortFields, type PriceSortField, type StoredPrice } from '@gold/contract';
import { beforeAll, expect, it } from 'vitest';
import { goldPrices } from '../../db/schema';
import { describeEachEngine } from '../../test/test-app';

/**
 * 23 prices, inserted out of order; times and prices repeat (two prices set at the same moment,
 * the same selling price on several days), so only the id keeps pages apart.
 */
const given = Array.from({ length: 23 }, (_, i) => ({
  hargaJual: 1_500_000 + (i % 5) * 10_000,
  hargaBeli: 1_410_000 + (i % 4) * 10_000,
  createdAt: new Date(Date.UTC(2026, 2, 1 + Math.floor(i / 2), 2)),
})).reverse();

const sortKey: Record<PriceSortField, (row: StoredPrice) => number> = {
  createdAt: (row) => Date.parse(row.createdAt),
  harga_jual: (row) => row.harga_jual,
  harga_beli: (row) => row.harga_beli,
};

describeEachEngine('price list', (t) => {
  beforeAll(async () => {
    await t().database.db.insert(goldPrices).values(given);
  });

  const list = async (query: string) => {
    const response = await t().injectAsAdmin({ method: 'GET', url: `/api/admin/list/prices${query}` });
    return { status: response.statusCode, body: response.json() };
  };

  it('answers 401 without a session', async () => {
    expect((await t().app.inject({ method: 'GET', url: '/api/admin/list/prices?limit=10' })).statusCode).toBe(401);
  });

  it('pages every stored price, newest first by default, with its id, both prices and when it was set', async () => {
    const first = await list('?limit=10&page=0');
    expect(first.status).toBe(200);
    expect(first.body.total).toBe(23);
    expect(first.body.data).toHaveLength(10);
    const newest = { harga_jual: 1_520_000, harga_beli: 1_430_000, createdAt: '2026-03-12T02:00:00.000Z' };
    expect(first.body.data[0]).toEqual({ id: expect.any(Number), ...newest });
    // Two prices set at the same moment: the later-inserted (higher id) first.
    const [second, third] = first.body.data.slice(1, 3) as StoredPrice[];
    expect(second!.createdAt).toBe(third!.createdAt);
    expect(second!.id).toBeGreaterThan(third!.id);
    expect((await list('?limit=10&page=2')).body.data).toHaveLength(3);
    expect((await list('?limit=10&page=3')).body).toEqual({ data: [], total: 23 });
  });

  it('keeps its total as prices are added and removed', async () => {
    const { db } = t().database;
    const [extra] = await db.insert(goldPrices).values({ hargaJual: 2_000_000, hargaBeli: 1_900_000 }).returning();
    const withExtra = await list('?limit=1');
    expect(withExtra.body).toEqual({
      data: [{ id: extra!.id, harga_jual: 2_000_000, harga_beli: 1_900_000, createdAt: extra!.createdAt.toISOString() }],
      total: 24,
    });
    const { eq } = await import('drizzle-orm');
    await db.delete(goldPrices).where(eq(goldPrices.id, extra!.id));
    expect((await list('?limit=1')).body.total).toBe(23);
  });

  it.each(priceSortFields.flatMap((sort) => (['asc', 'desc'] as const).map((order) => ({ sort, order }))))(
    'pages by $sort $order exactly as the whole list (streamed) orders them',
    async ({ sort, order }) => {
      const whole = await list(`?sort=${sort}&order=${order}`);
      expect(whole.status).toBe(200);
      const rows = whole.body.data as StoredPrice[];
      expect(whole.body.total).toBe(23);
      expect(rows).toHaveLength(23);
      const ids = rows.map((row) => row.id);
      expect(new Set(ids).size).toBe(ids.length);
      for (let i = 1; i < rows.length; i++) {
        const [a, b] = [sortKey[sort](rows[i - 1]!), sortKey[sort](rows[i]!)];
        expect(order === 'asc' ? a <= b : a >= b).toBe(true);
        // Ties in the key are ordered by id, in the same direction.
        if (a === b) expect(order === 'asc' ? rows[i - 1]!.id < rows[i]!.id : rows[i - 1]!.id > rows[i]!.id).toBe(true);
      }
      for (const limit of [10, 4]) {
        const paged: number[] = [];
        for (let page = 0; page * limit < rows.length; page++) {
          const { body } = await list(`?limit=${limit}&page=${page}&sort=${sort}&order=${order}`);
          expect(body.total).toBe(23);
          paged.push(...(body.data as StoredPrice[]).map((row) => row.id));
        }
        expect(paged).toEqual(ids);
      }
    },
  );

  it.each([
    ['sort', 'date'],
    ['sort', 'created_at; drop table gold_prices'],
    ['order', 'sideways'],
    ['limit', '0'],
    ['limit', '101'],
    ['limit', 'ten'],
    ['page', '-1'],
    ['page', '1.5'],
    ['search', '1500000'],
  ])('refuses %s=%s with 400 naming it', async (name, value) => {
    const query = name === 'page' ? `?limit=10&page=${encodeURIComponent(value)}` : `?${name}=${encodeURIComponent(value)}`;
    const { status, body } = await list(query);
    expect(status).toBe(400);
    expect(body.message).toContain(name);
  });

  it('refuses a page without a limit', async () => {
    const { status, body } = await list('?page=1');
    expect(status).toBe(400);
    expect(body.message).toContain('page needs limit');
  });
});
