import { sql } from 'drizzle-orm';
import { redemptionLimitOptions } from '@gold/contract';
import { expect, it } from 'vitest';
import { selectRows } from '../../db/client';
import { redemptionLimits } from '../../db/schema';
import { describeEachEngine, testAdminOfRole } from '../../test/test-app';

describeEachEngine('redemption limit (Redemption Denomination)', (t) => {
  const list = async () => (await t().injectAsAdmin({ method: 'GET', url: '/api/admin/redemption/limit/list' })).json();
  const set = async (payload: unknown) => {
    // Limits are settings: an Administrator's.
    const response = await t().injectAs('Administrator', {
      method: 'POST',
      url: '/api/admin/redemption/limit/set',
      payload: payload as object,
    });
    return { status: response.statusCode, body: response.json() };
  };
  const limitRows = async () =>
    (await selectRows<{ n: number }>(t().database.db, sql`select count(*)::int as n from redemption_limits`))[0]!.n;

  it('lists the limits in the order they were set: the last is current', async () => {
    expect(await list()).toEqual({ data: [] });
    await t()
      .database.db.insert(redemptionLimits)
      .values([
        { gidrlimit: 100, createdAt: new Date('2026-06-01T00:00:00Z') },
        { gidrlimit: 500, createdAt: new Date('2026-08-01T00:00:00Z') },
      ]);
    const { data } = await list();
    expect(data.map((r: { gidrlimit: number }) => r.gidrlimit)).toEqual([100, 500]);
    expect(data[0]).toEqual({ id: expect.any(Number), gidrlimit: 100, createdAt: '2026-06-01T00:00:00.000Z', setBy: null });
  });

  it('each change is a new record with who set it and when, and an audit entry', async () => {
    const { status, body } = await set({ newlimit: 250 });
    expect(status).toBe(201);
    expect(body).toMatchObject({ gidrlimit: 250, setBy: { fullName: testAdminOfRole('Administrator').fullName } });
    expect(Date.now() - Date.parse(body.createdAt)).toBeLessThan(60_000);
    const { data } = await list();
    expect(data.at(-1)).toEqual(body);
    const [audit] = await selectRows(
      t().database.db,
      sql`select action, from_state, to_state from audit_log where entity = 'redemption_limit' order by id desc limit 1`,
    );
    expect(audit).toEqual({ action: 'redemption-limit.set', from_state: '500', to_state: '250' });
    for (const newlimit of redemptionLimitOptions) expect((await set({ newlimit })).status).toBe(201);
    expect((await list()).data.at(-1).gidrlimit).toBe(1000);
  });

  it.each([
    [{ newlimit: 50 }, 'body.newlimit: newlimit must be one of 5, 10, 25, 100, 250, 500, 1000'],
    [{ newlimit: '250' }, 'body.newlimit: newlimit must be one of'],
    [{ newlimit: -5 }, 'body.newlimit: newlimit must be one of'],
    [{ newlimit: 2.5 }, 'body.newlimit: newlimit must be one of'],
    [{ newlimit: null }, 'body.newlimit'],
    [{}, 'body.newlimit'],
    [{ newlimit: 250, setBy: 1 }, 'setBy'],
    [[250], 'body'],
  ])('%j answers 400 naming %s, writing nothing', async (payload, named) => {
    const before = await limitRows();
    const { status, body } = await set(payload);
    expect(status).toBe(400);
    expect(body.message).toContain(named);
    expect(await limitRows()).toBe(before);
  });

  it('needs a session', async () => {
    expect((await t().app.inject({ method: 'GET', url: '/api/admin/redemption/limit/list' })).statusCode).toBe(401);
    expect((await t().app.inject({ method: 'POST', url: '/api/admin/redemption/limit/set', payload: { newlimit: 5 } })).statusCode).toBe(
      401,
    );
  });
});
