import { customerSortFields, type CustomerListItem } from '@gold/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { customers, customerSearchMatches } from '../../db/schema';
import { describeEachEngine } from '../../test/test-app';

/** 37 customers: enough for 4 pages of 10 (the last one short), with names and dates that sort differently. */
const given = Array.from({ length: 37 }, (_, i) => ({
  fullName:
    ['Budi Santoso', 'siti rahayu', 'Agus 100% Emas', 'Dewi_Lestari', "O'Brien Wijaya", 'Ñoño Pérez'][i % 6]! +
    ` ${String(i).padStart(2, '0')}`,
  email: `customer.${String((i * 7) % 37).padStart(2, '0')}@example.com`,
  dob: i % 5 === 0 ? null : `19${60 + (i % 40)}-0${1 + (i % 9)}-1${i % 10}`,
  gender: i % 4 === 0 ? null : i % 2 === 0 ? ('MALE' as const) : ('FEMALE' as const),
  province: i % 3 === 0 ? null : ['Bali', 'DKI Jakarta', 'Papua'][i % 3]!,
  ekycStatus: (['VERIFIED', 'PENDING', 'UNVERIFIED', 'REJECTED'] as const)[i % 4],
  // Several customers share a registration instant: only the id tiebreak keeps pages apart.
  createdAt: new Date(Date.UTC(2026, 0, 1 + Math.floor(i / 3))),
}));

describeEachEngine('user list', (t) => {
  beforeAll(async () => {
    await t().database.db.insert(customers).values(given);
  });

  const list = async (query: string) => {
    const response = await t().injectAsAdmin({ method: 'GET', url: `/api/admin/list/users${query}` });
    return { status: response.statusCode, body: response.json(), headers: response.headers };
  };

  it('answers 401 without a session', async () => {
    for (const url of ['/api/admin/list/users?limit=10', '/api/admin/count/users']) {
      expect((await t().app.inject({ method: 'GET', url })).statusCode).toBe(401);
    }
  });

  it('counts every customer for the count card, and follows new ones', async () => {
    const count = async () => (await t().injectAsAdmin({ method: 'GET', url: '/api/admin/count/users' })).json().count;
    expect(await count()).toBe(37);
    const [extra] = await t().database.db.insert(customers).values({ fullName: 'Temporary', email: 'temporary@example.com' }).returning();
    expect(await count()).toBe(38);
    await t()
      .database.db.delete(customers)
      .where((await import('drizzle-orm')).eq(customers.id, extra!.id));
    expect(await count()).toBe(37);
  });

  it('pages newest first by default, 10 at a time, with the total', async () => {
    const first = await list('?limit=10&page=0');
    expect(first.status).toBe(200);
    expect(first.body.total).toBe(37);
    expect(first.body.data).toHaveLength(10);
    const newest = first.body.data[0] as CustomerListItem;
    expect(newest.createdAt).toBe('2026-01-13T00:00:00.000Z');
    expect(newest).toMatchObject({ fullName: 'Budi Santoso 36', email: 'customer.30@example.com', ekycStatus: 'VERIFIED' });
    expect(Object.keys(newest).sort()).toEqual(
      ['createdAt', 'dob', 'email', 'emailStatus', 'ekycStatus', 'fullName', 'gender', 'id', 'province', 'walletAddress'].sort(),
    );
    const last = await list('?limit=10&page=3');
    expect(last.body.data).toHaveLength(7);
    expect((await list('?limit=10&page=4')).body).toEqual({ data: [], total: 37 });
  });

  // Pages from the second half are read from the other end and turned back: every sort, both
  // orders, every page size must still give exactly the streamed order, with no row twice.
  it.each(customerSortFields.flatMap((sort) => (['asc', 'desc'] as const).map((order) => ({ sort, order }))))(
    'pages by $sort $order exactly as the whole list orders them',
    async ({ sort, order }) => {
      const whole = await list(`?sort=${sort}&order=${order}`);
      expect(whole.status).toBe(200);
      expect(whole.body.total).toBe(37);
      const ids = (whole.body.data as CustomerListItem[]).map((row) => row.id);
      expect(new Set(ids).size).toBe(37);
      for (const limit of [10, 25, 5]) {
        const paged: number[] = [];
        for (let page = 0; page * limit < 37; page++) {
          const { body } = await list(`?limit=${limit}&page=${page}&sort=${sort}&order=${order}`);
          expect(body.total).toBe(37);
          paged.push(...(body.data as CustomerListItem[]).map((row) => row.id));
        }
        expect(paged, `limit ${limit}`).toEqual(ids);
      }
    },
  );

  it('sorts by name alphabetically and by KYC status', async () => {
    const byName = (await list('?limit=3&sort=fullName&order=asc')).body.data as CustomerListItem[];
    expect(byName.map((u) => u.fullName)).toEqual(['Agus 100% Emas 02', 'Agus 100% Emas 08', 'Agus 100% Emas 14']);
    const byKyc = (await list('?limit=100&sort=ekycStatus&order=desc')).body.data as CustomerListItem[];
    expect(byKyc[0]!.ekycStatus).toBe('VERIFIED');
    expect(byKyc.at(-1)!.ekycStatus).toBe('PENDING');
  });

  it('searches names and e-mails anywhere in the text, ignoring case, with a matching total', async () => {
    const santoso = await list('?limit=10&search=SANTOSO');
    expect(santoso.body.total).toBe(7);
    expect((santoso.body.data as CustomerListItem[]).every((u) => u.fullName.startsWith('Budi Santoso'))).toBe(true);
    const byEmail = await list('?limit=10&search=customer.3');
    expect(byEmail.body.total).toBe(7);
    expect((await list('?limit=2&page=3&search=santoso')).body.data).toHaveLength(1);
  });

  it('keeps a search exact while its matches are stored: a new, renamed or deleted customer shows at once', async () => {
    const db = t().database.db;
    const names = async (query: string) => {
      const { body } = await list(query);
      return { total: body.total as number, names: (body.data as CustomerListItem[]).map((u) => u.fullName) };
    };
    const before = await names('?limit=3&page=0&search=rahayu&sort=fullName&order=desc');
    expect(before).toEqual({ total: 6, names: ['siti rahayu 31', 'siti rahayu 25', 'siti rahayu 19'] });
    // Read from the stored matches now: one entry for this search and sort, at the customers' version.
    const stored = await db
      .select()
      .from(customerSearchMatches)
      .where(and(eq(customerSearchMatches.search, 'rahayu'), eq(customerSearchMatches.sort, 'fullName')));
    expect(stored.map((entry) => entry.ids.length)).toEqual([6]);
    expect((await names('?limit=3&page=1&search=rahayu&sort=fullName&order=desc')).names).toEqual([
      'siti rahayu 13',
      'siti rahayu 07',
      'siti rahayu 01',
    ]);

    const [added] = await db.insert(customers).values({ fullName: 'siti rahayu 99', email: 'rahayu.99@example.com' }).returning();
    expect(await names('?limit=3&page=0&search=rahayu&sort=fullName&order=desc')).toEqual({
      total: 7,
      names: ['siti rahayu 99', 'siti rahayu 31', 'siti rahayu 25'],
    });
    await db.update(customers).set({ fullName: 'Siti Wulandari 99', email: 'wulandari.99@example.com' }).where(eq(customers.id, added!.id));
    expect((await names('?limit=3&page=0&search=rahayu&sort=fullName&order=desc')).total).toBe(6);
    await db.update(customers).set({ fullName: 'Siti Rahayu 99' }).where(eq(customers.id, added!.id));
    expect((await names('?limit=10&page=0&search=rahayu')).total).toBe(7);
    await db.delete(customers).where(eq(customers.id, added!.id));
    expect(await names('?limit=3&page=0&search=rahayu&sort=fullName&order=desc')).toEqual(before);
    // Only the newest version's entries are kept.
    const versions = new Set(
      (await db.select({ version: customerSearchMatches.version }).from(customerSearchMatches)).map((row) => row.version),
    );
    expect(versions.size).toBe(1);
  });

  it('matches %, _, quotes, backslashes and unicode literally, never as patterns or SQL', async () => {
    const cases: Array<[string, number]> = [
      ['100%', 6],
      ['%', 6],
      ['_', 6],
      ['s_t', 0],
      ["O'Brien", 6],
      ['Ñoño', 6],
      ['\\', 0],
      ["' or '1'='1", 0],
      ['"; drop table customers; --', 0],
      ['.*', 0],
    ];
    for (const [search, total] of cases) {
      const { status, body } = await list(`?limit=10&search=${encodeURIComponent(search)}`);
      expect(status, search).toBe(200);
      expect(body.total, search).toBe(total);
    }
    expect((await t().injectAsAdmin({ method: 'GET', url: '/api/admin/count/users' })).json().count).toBe(37);
  });

  it('answers every row, streamed as {data, total}, without limit (the spec form)', async () => {
    const all = await list('');
    expect(all.status).toBe(200);
    expect(all.headers['content-type']).toMatch(/application\/json/);
    expect(all.body.total).toBe(37);
    expect(all.body.data).toHaveLength(37);
    const found = await list('?search=rahayu');
    expect(found.body).toMatchObject({ total: 6 });
    expect((await list('?search=nobody-has-this')).body).toEqual({ data: [], total: 0 });
  });

  describe('bad queries', () => {
    it.each([
      ['?limit=0', 'querystring.limit'],
      ['?limit=101', 'querystring.limit'],
      ['?limit=ten', 'querystring.limit'],
      ['?limit=10&page=-1', 'querystring.page'],
      ['?limit=10&page=1.5', 'querystring.page'],
      ['?page=2', 'querystring.page: page needs limit'],
      ['?sort=password', 'querystring.sort'],
      ['?order=up', 'querystring.order'],
      ['?limit=10&debug=1', 'debug'],
      [`?search=${'x'.repeat(101)}`, 'querystring.search'],
      // PostgreSQL cannot store or compare NUL: refused before it reaches the database (found by the security suite).
      ['?limit=10&search=a%00b', 'querystring.search: search must be plain text'],
      ['?search=%00', 'querystring.search: search must be plain text'],
    ])('answers 400 naming the problem for %s', async (query, named) => {
      const { status, body } = await list(query);
      expect(status).toBe(400);
      expect(body.message).toContain(named);
    });
  });
});
