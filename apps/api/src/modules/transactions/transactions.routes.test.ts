import { transactionSortFields, type Transaction } from '@gold/contract';
import { beforeAll, expect, it } from 'vitest';
import { tokenTransactions } from '../../db/schema';
import { describeEachEngine } from '../../test/test-app';

const hex = (n: number, digits: number) => n.toString(16).padStart(digits, '0');
const wallet = (n: number) => `0x${hex(n + 0xa1, 2).repeat(20)}`;
const zero = '0x0000000000000000000000000000000000000000';

/**
 * 37 Transfer logs: mints, transfers and burns among 6 wallets; transactions 30-32 share one
 * hash (several logs in one transaction); dates and amounts repeat so only the id keeps pages apart.
 */
const given = Array.from({ length: 37 }, (_, i) => {
  const type = (['MINT', 'TRANSFER', 'TRANSFER', 'BURN'] as const)[i % 4]!;
  return {
    txhash: i >= 30 && i <= 32 ? `0x${'c'.repeat(64)}` : `0x${hex(i * 7919 + 1, 8)}${'0'.repeat(56)}`,
    logIndex: i >= 30 && i <= 32 ? i - 30 : 0,
    fromAddress: type === 'MINT' ? zero : wallet(i % 6),
    toAddress: type === 'BURN' ? zero : wallet((i + 1) % 6),
    amount: ['1.5', '25', '0.000000000000000001', '1000000.25'][i % 4]!,
    type,
    occurredAt: new Date(Date.UTC(2026, 1, 1 + Math.floor(i / 3), 8)),
    // The two newest are in blocks not final yet.
    blockNumber: 1000 + i,
    final: i < 35,
  };
});

describeEachEngine('transactions', (t) => {
  beforeAll(async () => {
    await t().database.db.insert(tokenTransactions).values(given);
  });

  const get = async (url: string) => {
    const response = await t().injectAsAdmin({ method: 'GET', url: `/api/admin${url}` });
    return { status: response.statusCode, body: response.json() };
  };
  const list = (query: string) => get(`/list/transactions${query}`);

  it('answers 401 without a session', async () => {
    for (const url of ['/api/admin/count/transactions', '/api/admin/list/transactions?limit=10', '/api/admin/transaction/detail/1']) {
      expect((await t().app.inject({ method: 'GET', url })).statusCode).toBe(401);
    }
  });

  it("counts every transaction for 'Transactions Made', and follows new ones", async () => {
    expect((await get('/count/transactions')).body).toEqual({ count: 37 });
    const { db } = t().database;
    const [extra] = await db
      .insert(tokenTransactions)
      .values({ txhash: `0x${'e'.repeat(64)}`, amount: '1', type: 'MINT', toAddress: wallet(1), occurredAt: new Date() })
      .returning();
    expect((await get('/count/transactions')).body).toEqual({ count: 38 });
    const { eq } = await import('drizzle-orm');
    await db.delete(tokenTransactions).where(eq(tokenTransactions.id, extra!.id));
    expect((await get('/count/transactions')).body).toEqual({ count: 37 });
  });

  it('pages newest first by default with the spec’s fields and exact amounts', async () => {
    const first = await list('?limit=10&page=0');
    expect(first.status).toBe(200);
    expect(first.body.total).toBe(37);
    expect(first.body.data).toHaveLength(10);
    const newest = first.body.data[0] as Transaction;
    expect(newest).toEqual({
      id: expect.any(Number),
      txhash: given[36]!.txhash,
      logIndex: 0,
      from: zero,
      to: wallet(1),
      date: '2026-02-13T08:00:00.000Z',
      amount: '1.5',
      status: 'MINT',
      pending: true,
    });
    expect(first.body.data.map((row: Transaction) => row.pending)).toEqual([true, true, ...Array<boolean>(8).fill(false)]);
    expect((await list('?limit=10&page=3')).body.data).toHaveLength(7);
    expect((await list('?limit=10&page=4')).body).toEqual({ data: [], total: 37 });
    const amounts = new Set((await list('')).body.data.map((row: Transaction) => row.amount));
    expect(amounts).toEqual(new Set(['1.5', '25', '0.000000000000000001', '1000000.25']));
  });

  it.each(transactionSortFields.flatMap((sort) => (['asc', 'desc'] as const).map((order) => ({ sort, order }))))(
    'pages by $sort $order exactly as the whole list orders them, with and without a type',
    async ({ sort, order }) => {
      for (const filter of ['', '&type=TRANSFER']) {
        const whole = await list(`?sort=${sort}&order=${order}${filter}`);
        expect(whole.status).toBe(200);
        const rows = whole.body.data as Transaction[];
        expect(whole.body.total).toBe(rows.length);
        const ids = rows.map((row) => row.id);
        expect(new Set(ids).size).toBe(ids.length);
        const key = (row: Transaction) => (sort === 'date' ? Date.parse(row.date) : Number(row.amount));
        for (let i = 1; i < rows.length; i++) {
          const [a, b] = [key(rows[i - 1]!), key(rows[i]!)];
          expect(order === 'asc' ? a <= b : a >= b).toBe(true);
        }
        for (const limit of [10, 5]) {
          const paged: number[] = [];
          for (let page = 0; page * limit < rows.length; page++) {
            const { body } = await list(`?limit=${limit}&page=${page}&sort=${sort}&order=${order}${filter}`);
            expect(body.total).toBe(rows.length);
            paged.push(...(body.data as Transaction[]).map((row) => row.id));
          }
          expect(paged).toEqual(ids);
        }
      }
    },
  );

  it('filters by type', async () => {
    for (const type of ['MINT', 'TRANSFER', 'BURN'] as const) {
      const { status, body } = await list(`?limit=100&type=${type}`);
      expect(status).toBe(200);
      expect(body.total).toBe(given.filter((row) => row.type === type).length);
      expect(body.data.every((row: Transaction) => row.status === type)).toBe(true);
    }
  });

  it('finds by a whole hash, every log of it, and by the start of one in any case, with or without 0x', async () => {
    const shared = await list(`?limit=10&search=0x${'c'.repeat(64)}`);
    expect(shared.body.total).toBe(3);
    expect(shared.body.data.map((row: Transaction) => row.logIndex).sort()).toEqual([0, 1, 2]);
    const one = given[5]!.txhash;
    for (const search of [one, one.slice(0, 10), one.slice(2, 10).toUpperCase(), `0X${one.slice(2, 12)}`]) {
      const { status, body } = await list(`?limit=10&search=${encodeURIComponent(search)}`);
      expect(status, search).toBe(200);
      expect(body.data.map((row: Transaction) => row.txhash)).toEqual([one]);
    }
  });

  it('finds by a whole address or its start, as sender or receiver', async () => {
    const address = wallet(2);
    const expected = given.filter((row) => row.fromAddress === address || row.toAddress === address).length;
    expect(expected).toBeGreaterThan(0);
    for (const search of [address, address.toUpperCase().replace('0X', '0x'), address.slice(0, 8), address.slice(2, 9)]) {
      const { body } = await list(`?limit=100&search=${search}`);
      expect(body.total, search).toBe(expected);
      expect(body.data.every((row: Transaction) => row.from === address || row.to === address)).toBe(true);
    }
    const mintsTo = await list(`?limit=100&type=MINT&search=${address}`);
    expect(mintsTo.body.total).toBe(given.filter((row) => row.type === 'MINT' && row.toAddress === address).length);
    // A search that is a valid prefix but matches nothing is an empty result.
    expect((await list('?limit=10&search=0xfffffff')).body).toEqual({ data: [], total: 0 });
  });

  it('streams every transaction without limit, total last', async () => {
    const { status, body } = await list('?type=BURN&sort=amount&order=asc');
    expect(status).toBe(200);
    expect(body.total).toBe(given.filter((row) => row.type === 'BURN').length);
    expect(body.data).toHaveLength(body.total);
  });

  it.each([
    ['search', "x' or '1'='1"],
    ['search', '%'],
    ['search', '_'],
    ['search', '.*'],
    ['search', '0x'],
    ['search', 'ẞ😀'],
    ['search', `0x${'a'.repeat(65)}`],
    ['search', '0xabc%'],
    ['search', 'abc\\'],
    ['sort', 'txhash'],
    ['sort', 'occurred_at; drop table token_transactions'],
    ['order', 'sideways'],
    ['type', 'mint'],
    ['type', 'REFUND'],
    ['limit', '0'],
    ['limit', '101'],
    ['limit', '-1'],
    ['limit', 'ten'],
    ['page', '-1'],
    ['page', '1.5'],
    ['nonsense', '1'],
  ])('refuses %s=%s with 400 naming it', async (name, value) => {
    const query = name === 'page' ? `?limit=10&page=${encodeURIComponent(value)}` : `?${name}=${encodeURIComponent(value)}`;
    const { status, body } = await list(query);
    expect(status).toBe(400);
    expect(body.message).toContain(name);
  });

  it('refuses a page without a limit', async () => {
    const { status, body } = await list('?page=2');
    expect(status).toBe(400);
    expect(body.message).toContain('page needs limit');
  });

  it('answers one transaction as data[0] with its block and whether it is final, 404 naming an unknown id', async () => {
    const { body: page } = await list('?limit=3');
    const [pending, , final] = page.data as Transaction[];
    const detail = await get(`/transaction/detail/${pending!.id}`);
    expect(detail.status).toBe(200);
    expect(detail.body).toEqual({ data: [{ ...pending, pending: true, blockNumber: given[36]!.blockNumber }] });
    expect((await get(`/transaction/detail/${final!.id}`)).body).toEqual({
      data: [{ ...final, pending: false, blockNumber: given[34]!.blockNumber }],
    });
    const missing = await get('/transaction/detail/2000000000');
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe('Transaction 2000000000 not found');
  });

  it.each(['abc', '-1', '0', '1.5', '99999999999', '1%20or%201=1'])('refuses the transaction id %s with 400 naming it', async (id) => {
    const { status, body } = await get(`/transaction/detail/${id}`);
    expect(status).toBe(400);
    expect(body.message).toMatch(/id/);
  });
});
