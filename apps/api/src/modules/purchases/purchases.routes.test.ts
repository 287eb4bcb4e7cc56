import { purchaseSortFields, type PurchaseRow } from '@gold/contract';
import { beforeAll, expect, it } from 'vitest';
import { customers, purchases } from '../../db/schema';
import { describeEachEngine } from '../../test/test-app';

const buyers = [
  { fullName: 'Budi Santoso', email: 'budi@example.com', nik: '3171010101900001' },
  { fullName: 'Agus 100% Emas', email: 'agus_emas@example.com', nik: '3171010101900002' },
  { fullName: "O'Brien Wijaya", email: 'obrien@example.com', nik: null },
  { fullName: 'Ñoño Pérez', email: 'nono@example.com', nik: '3171010101900004' },
];

describeEachEngine('purchase orders', (t) => {
  let ids: number[] = [];

  beforeAll(async () => {
    const { db } = t().database;
    ids = (await db.insert(customers).values(buyers).returning()).map((row) => row.id);
    // 29 orders; several share an instant and an amount, so only the id keeps pages apart.
    await db.insert(purchases).values(
      Array.from({ length: 29 }, (_, i) => ({
        customerId: ids[i % 4]!,
        amount: ['0.5', '10', '2.000000000000000001', '10'][i % 4]!,
        priceIdr: 1_500_000 + i * 1000,
        // 17:30 UTC is 00:30 WIB of the next day.
        createdAt: new Date(Date.UTC(2026, 2, 1 + Math.floor(i / 2), 17, 30)),
      })),
    );
  });

  const get = async (url: string) => {
    const response = await t().injectAsAdmin({ method: 'GET', url: `/api/admin${url}` });
    return { status: response.statusCode, body: response.json() };
  };
  const list = (query: string) => get(`/list/order${query}`);

  it('answers 401 without a session', async () => {
    for (const url of ['/api/admin/count/order', '/api/admin/list/order?limit=10']) {
      expect((await t().app.inject({ method: 'GET', url })).statusCode).toBe(401);
    }
  });

  it('counts every purchase as data[0].totalOrder', async () => {
    expect((await get('/count/order')).body).toEqual({ data: [{ totalOrder: 29 }] });
  });

  it('answers the spec’s row, newest first, with the WIB date, the exact amount and the price', async () => {
    const { status, body } = await list('?limit=10&page=0');
    expect(status).toBe(200);
    expect(body.total).toBe(29);
    expect(body.data[0]).toEqual({
      id: expect.any(Number),
      userId: ids[0]!,
      fullname: 'Budi Santoso',
      NIK: '3171010101900001',
      email: 'budi@example.com',
      WIBdate: '2026-03-16 00:30:00',
      amount: '0.5',
      price: 1_528_000,
      createdAt: '2026-03-15T17:30:00.000Z',
    } satisfies PurchaseRow);
    expect((await list('?limit=10&page=2')).body.data).toHaveLength(9);
    expect((await list('?limit=10&page=3')).body).toEqual({ data: [], total: 29 });
  });

  it.each(purchaseSortFields.flatMap((sort) => (['asc', 'desc'] as const).map((order) => ({ sort, order }))))(
    'pages by $sort $order exactly as the whole list orders them',
    async ({ sort, order }) => {
      const whole = await list(`?sort=${sort}&order=${order}`);
      expect(whole.status).toBe(200);
      const rows = whole.body.data as PurchaseRow[];
      expect(rows).toHaveLength(29);
      const key = (row: PurchaseRow) => (sort === 'date' ? Date.parse(row.createdAt) : Number(row.amount));
      for (let i = 1; i < rows.length; i++) {
        const [a, b] = [key(rows[i - 1]!), key(rows[i]!)];
        expect(order === 'asc' ? a <= b : a >= b).toBe(true);
      }
      for (const limit of [10, 4]) {
        const paged: number[] = [];
        for (let page = 0; page * limit < 29; page++) {
          paged.push(
            ...((await list(`?limit=${limit}&page=${page}&sort=${sort}&order=${order}`)).body.data as PurchaseRow[]).map((r) => r.id),
          );
        }
        expect(paged).toEqual(rows.map((row) => row.id));
      }
    },
  );

  it('searches the buyer’s name or e-mail literally, in any case', async () => {
    const cases: Array<[string, number]> = [
      ['budi', 8],
      ['BUDI@EXAMPLE', 8],
      ['100%', 7],
      ['%', 7],
      ['_emas', 7],
      ['_', 7],
      ["o'brien", 7],
      ['ñoño', 7],
      ["' or '1'='1", 0],
      ['.*', 0],
      ['\\', 0],
      ['😀', 0],
    ];
    for (const [search, expected] of cases) {
      const { status, body } = await list(`?limit=100&search=${encodeURIComponent(search)}`);
      expect(status, search).toBe(200);
      expect(body.total, search).toBe(expected);
      expect(body.data, search).toHaveLength(expected);
    }
  });

  it('streams every purchase without limit, total last', async () => {
    const { status, body } = await list('?search=budi');
    expect(status).toBe(200);
    expect(body.total).toBe(8);
    expect(body.data.every((row: PurchaseRow) => row.fullname === 'Budi Santoso')).toBe(true);
  });

  it.each([
    ['search', 'x'.repeat(101)],
    ['search', 'nul\u0000byte'],
    ['sort', 'fullname'],
    ['order', 'up'],
    ['limit', '0'],
    ['limit', '101'],
    ['limit', 'abc'],
    ['page', '-1'],
    ['status', 'PAID'],
  ])('refuses %s=%s with 400 naming it', async (name, value) => {
    const query = name === 'page' ? `?limit=10&page=${encodeURIComponent(value)}` : `?${name}=${encodeURIComponent(value)}`;
    const { status, body } = await list(query);
    expect(status).toBe(400);
    expect(body.message).toContain(name);
  });
});
