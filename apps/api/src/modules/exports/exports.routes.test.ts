import { request } from 'node:http';
import { sql } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { selectRows } from '../../db/client';
import { seedDemoData } from '../../db/seed/seed-demo-data';
import { customers, purchases } from '../../db/schema';
import { describeEachEngine } from '../../test/test-app';
import { verifyAuditChain } from '../audit/audit-chain';
import { exportColumns, exportFileName } from './exports.service';

/** RFC 4180 records (quoted cells may hold commas, quotes and line breaks). */
function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let cell = '';
  let quoted = false;
  const endCell = () => {
    record.push(cell);
    cell = '';
  };
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!;
    if (quoted && char === '"' && text[i + 1] === '"') {
      cell += '"';
      i++;
    } else if (char === '"') {
      quoted = !quoted;
    } else if (quoted) {
      cell += char;
    } else if (char === ',') {
      endCell();
    } else if (char === '\n') {
      endCell();
      records.push(record);
      record = [];
    } else {
      cell += char;
    }
  }
  if (cell !== '' || record.length > 0) {
    endCell();
    records.push(record);
  }
  return records;
}

/** Customers whose text a spreadsheet would run as a formula, one for each dangerous first character. */
const hostile = [
  { fullName: '=HYPERLINK("http://evil.example","Klik")', email: 'formula@example.com' },
  { fullName: '+62 812 3456', email: 'plus@example.com' },
  { fullName: '-2+3', email: 'minus@example.com' },
  { fullName: '@SUM(A1:A9)', email: 'at@example.com' },
  { fullName: '\tTab Santoso', email: 'tab@example.com' },
  { fullName: '\rCR Wijaya', email: 'cr@example.com' },
  { fullName: 'Sari, "Ibu" Rahayu\nBaris dua', email: 'quotes@example.com' },
];

const neutralised = (text: string) => (/^[=+\-@\t\r]/.test(text) ? `'${text}` : text);
/** A list row as its CSV line should hold it: every column as text, null empty, formula starts quoted. */
const asCsv = (row: Record<string, unknown>, columns: readonly string[]) =>
  columns.map((column) => (row[column] === null || row[column] === undefined ? '' : neutralised(String(row[column]))));

const cases = [
  {
    list: 'users',
    listPath: '/list/users',
    queries: ['', '?sort=fullName&order=asc', '?sort=email&order=desc', '?search=example.com', '?search=santoso'],
  },
  {
    list: 'transactions',
    listPath: '/list/transactions',
    queries: ['', '?sort=amount&order=asc', '?type=TRANSFER&sort=date&order=asc', '?search=0x1'],
  },
  { list: 'orders', listPath: '/list/order', queries: ['', '?sort=amount&order=desc', '?search=a'] },
] as const;

describeEachEngine('CSV exports', (t) => {
  beforeAll(async () => {
    const { db } = t().database;
    // 1,500 transactions: read in two pages.
    await seedDemoData(db, { users: 30, redemptions: 0, transactions: 1500, orders: 40, messages: 0, prices: 1 }, { seed: 8 });
    const inserted = await db.insert(customers).values(hostile).returning();
    await db.insert(purchases).values(inserted.map((customer) => ({ customerId: customer.id, amount: '1.25', priceIdr: 1_600_000 })));
  });

  const download = (url: string) => t().injectAsAdmin({ method: 'GET', url: `/api/admin/export/${url}` });

  it('answers 401 JSON without a session', async () => {
    for (const list of ['users', 'transactions', 'orders']) {
      const response = await t().app.inject({ method: 'GET', url: `/api/admin/export/${list}.csv` });
      expect(response.statusCode).toBe(401);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
    }
  });

  it.each(cases)('exports $list with the list’s rows in the list’s order for the same query', async ({ list, listPath, queries }) => {
    for (const query of queries) {
      const before = new Date();
      const response = await download(`${list}.csv${query}`);
      const after = new Date();
      expect(response.statusCode, query).toBe(200);
      expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
      const names = new Set([exportFileName(list, before), exportFileName(list, after)]);
      expect([...names].map((name) => `attachment; filename="${name}"`)).toContain(response.headers['content-disposition']);
      expect(response.body.startsWith('\uFEFF')).toBe(true);

      const [header, ...lines] = parseCsv(response.body.slice(1));
      expect(header).toEqual([...exportColumns[list]]);
      const rows = (await t().injectAsAdmin({ method: 'GET', url: `/api/admin${listPath}${query}` })).json().data as Record<
        string,
        unknown
      >[];
      expect(rows.length, query).toBeGreaterThan(0);
      expect(lines, query).toEqual(rows.map((row) => asCsv(row, exportColumns[list])));
    }
  });

  it('exports more rows than one page, none twice', async () => {
    const [, ...lines] = parseCsv((await download('transactions.csv')).body.slice(1));
    expect(lines).toHaveLength(1500);
    expect(new Set(lines.map((line) => line[0])).size).toBe(1500);
  });

  it('leaves no transaction open and keeps answering after a client gives up on a download half-way', async () => {
    // A real socket (closed with the app after the tests): inject cannot abort a response.
    const address = await t().app.listen({ host: '127.0.0.1', port: 0 });
    const cookie = await t().adminCookie();
    await new Promise<void>((resolve, reject) => {
      const req = request(`${address}/api/admin/export/transactions.csv`, { headers: { cookie } }, (res) => {
        expect(res.statusCode).toBe(200);
        res.once('data', () => {
          req.destroy();
          resolve();
        });
      });
      req.once('error', reject);
      req.end();
    });
    if (t().engine === 'postgres') {
      const openTransactions = async () =>
        (
          await selectRows<{ n: number }>(
            t().database.db,
            sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and state like 'idle in transaction%'`,
          )
        )[0]?.n;
      await expect.poll(openTransactions).toBe(0);
    }
    const next = await t().injectAsAdmin({ method: 'GET', url: '/api/admin/export/orders.csv?search=santoso' });
    expect(next.statusCode).toBe(200);
    expect(parseCsv(next.body.slice(1)).length).toBeGreaterThan(1);
  });

  it('quotes every cell a spreadsheet would run as a formula, and keeps the text readable', async () => {
    for (const [list, column] of [
      ['users', 'fullName'],
      ['orders', 'fullname'],
    ] as const) {
      const [header, ...lines] = parseCsv((await download(`${list}.csv?search=example.com`)).body.slice(1));
      const cells = lines.map((line) => line[header!.indexOf(column)]);
      expect(cells).toEqual(expect.arrayContaining(hostile.map((customer) => neutralised(customer.fullName))));
      expect(cells).toContain('\'=HYPERLINK("http://evil.example","Klik")');
      expect(cells).toContain("'\tTab Santoso");
      expect(cells).toContain('Sari, "Ibu" Rahayu\nBaris dua');
      expect(cells.filter((cell) => /^[=+\-@\t\r]/.test(cell!))).toEqual([]);
    }
  });

  it.each([
    ['users.csv?limit=10', 'limit'],
    ['users.csv?page=0', 'page'],
    ['users.csv?sort=password', 'sort'],
    ['users.csv?order=sideways', 'order'],
    ['users.csv?search=%00', 'search'],
    [`users.csv?search=${'x'.repeat(101)}`, 'search'],
    ['transactions.csv?search=%25', 'search'],
    ['transactions.csv?type=REFUND', 'type'],
    ['orders.csv?sort=fullname', 'sort'],
    ['orders.csv?nonsense=1', 'nonsense'],
  ])('refuses %s with a 400 JSON naming %s', async (url, name) => {
    const response = await download(url);
    expect(response.statusCode).toBe(400);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.json().message).toContain(name);
  });

  it('audits each export: the admin, the list and its filters, never the search text', async () => {
    const exportEntries = () =>
      selectRows<{ adminId: number; entityId: string; details: Record<string, unknown>; ip: string }>(
        t().database.db,
        sql`select admin_id as "adminId", entity_id as "entityId", details, host(ip_address) as ip
              from audit_log where action = 'export.csv' order by id`,
      );
    const before = (await exportEntries()).length;
    expect((await download('users.csv?search=santoso&sort=fullName&order=asc')).statusCode).toBe(200);
    expect((await download('transactions.csv?type=MINT')).statusCode).toBe(200);
    expect((await download('orders.csv?sort=nonsense')).statusCode).toBe(400);
    const [users, transactions, ...more] = (await exportEntries()).slice(before);
    expect(more).toEqual([]);
    const me = (await t().injectAsAdmin({ method: 'GET', url: '/api/account/session' })).json().admin as { id: number };
    expect(users).toEqual({
      adminId: me.id,
      entityId: 'users',
      details: { list: 'users', filters: { sort: 'fullName', order: 'asc', searched: true } },
      ip: '127.0.0.1',
    });
    expect(transactions).toMatchObject({
      entityId: 'transactions',
      details: { list: 'transactions', filters: { type: 'MINT', searched: false } },
    });
    expect(JSON.stringify(users)).not.toContain('santoso');
    expect(await verifyAuditChain(t().database.db)).toMatchObject({ intact: true });
  });
});
