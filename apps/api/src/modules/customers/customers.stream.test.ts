import { sql } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import type { CustomerSortField } from '@gold/contract';
import { selectRows } from '../../db/client';
import { describeEachEngine } from '../../test/test-app';
import { streamCustomers } from './customers.repository';

/**
 * Whole-list streams (db/paging.ts streamRows, here through the customer list) read page by page (keyset): every row once, in exactly the order of one
 * ORDER BY over the table, across page boundaries, with ties on the sort column, timestamps
 * that differ in microseconds only, and nulls (first when descending, last when ascending).
 */
const rowCount = 2300;

describeEachEngine('whole lists read page by page', (t) => {
  beforeAll(async () => {
    // Few distinct names (long ties), a third without a date of birth, some without gender or
    // province, and created_at values that share their millisecond (JS dates would lose the rest).
    await t().database.db.execute(sql`
      insert into customers (full_name, email, dob, gender, province, created_at)
      select (array['Budi', 'Sari', 'Dewi', 'Agus'])[1 + i % 4],
             'customer' || i || '@example.com',
             case when i % 3 = 0 then null else date '1980-01-01' + (i % 50) end,
             case when i % 5 = 0 then null when i % 2 = 0 then 'MALE' else 'FEMALE' end,
             case when i % 7 = 0 then null else 'Province ' || (i % 9) end,
             timestamptz '2026-01-01 00:00:00.123+00' + make_interval(secs => (i % 40) * 0.000001)
        from generate_series(1, ${rowCount}) as i`);
  });

  const columns: Record<CustomerSortField, string> = {
    createdAt: 'created_at, id',
    fullName: 'full_name, id',
    email: 'email',
    dob: 'dob, id',
    gender: 'gender, id',
    province: 'province, id',
    ekycStatus: 'ekyc_status, id',
  };

  it.each(Object.keys(columns).flatMap((sort) => [[sort, 'asc'] as const, [sort, 'desc'] as const]))(
    'sort %s %s: the order of one ORDER BY, every row once',
    async (sort, order) => {
      const { db } = t().database;
      const orderBy = columns[sort as CustomerSortField]
        .split(', ')
        .map((column) => `${column} ${order}`)
        .join(', ');
      const expected = (await selectRows<{ id: number }>(db, sql.raw(`select id from customers order by ${orderBy}`))).map((r) => r.id);
      const streamed: number[] = [];
      for await (const batch of streamCustomers(db, { sort: sort as CustomerSortField, order })) streamed.push(...batch.map((r) => r.id));
      expect(streamed).toHaveLength(rowCount);
      expect(streamed).toEqual(expected);
    },
  );

  it('holds no transaction while the reader waits between pages: other statements run meanwhile', async () => {
    const { db } = t().database;
    const pages = streamCustomers(db, { sort: 'fullName', order: 'asc' });
    const first = await pages.next();
    expect(first.value).toHaveLength(1000);
    // On PGlite a transaction left open would hold its one connection, and this would never answer.
    const answered = await Promise.race([
      db.execute(sql`select 1`).then(() => true),
      new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 20_000)),
    ]);
    expect(answered).toBe(true);
    if (t().engine === 'postgres') {
      const [open] = await selectRows<{ n: number }>(
        db,
        sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and state like 'idle in transaction%'`,
      );
      expect(open?.n).toBe(0);
    }
    await pages.return(undefined);
  });
});
