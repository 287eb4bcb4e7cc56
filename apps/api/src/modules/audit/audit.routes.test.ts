import { sql } from 'drizzle-orm';
import type { AuditEntry } from '@gold/contract';
import { beforeAll, expect, it } from 'vitest';
import { selectRows } from '../../db/client';
import { auditLog } from '../../db/schema';
import { recordAudit } from './audit.repository';
import { describeEachEngine, signInCookie, testAdmin, testAdminOfRole } from '../../test/test-app';

describeEachEngine('audit log', (t) => {
  // The Administrator changes admins and settings; the Auditor reads the log.
  let me: { id: number };
  const administrator = testAdminOfRole('Administrator');

  beforeAll(async () => {
    me = (await t().injectAs('Administrator', { method: 'GET', url: '/api/account/session' })).json().admin;
    // Signed in before the tests, so its sign-in is not the newest entry.
    await t().cookieAs('Auditor');
    // Entries at chosen instants: 2026-03-01 23:30 WIB is 16:30 UTC of the same day; 2026-03-02 00:30 WIB is 17:30 UTC of 03-01.
    await t()
      .database.db.insert(auditLog)
      .values([
        { occurredAt: new Date('2026-03-01T16:30:00Z'), adminId: me.id, action: 'redemption.approve', entity: 'redemption', entityId: '7' },
        { occurredAt: new Date('2026-03-01T17:30:00Z'), adminId: me.id, action: 'redemption.reject', entity: 'redemption', entityId: '8' },
        { occurredAt: new Date('2026-03-03T01:00:00Z'), adminId: null, action: 'demo-data.seeded', entity: 'database' },
      ]);
  });

  const list = async (query: string) => {
    const response = await t().injectAs('Auditor', { method: 'GET', url: `/api/admin/audit${query}` });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as { data: AuditEntry[]; total: number };
  };

  it('lists newest first with who, what, target, states, details and address, paged with the total', async () => {
    const add = await t().injectAs('Administrator', {
      method: 'POST',
      url: '/api/admin/add',
      payload: {
        fullname: 'Audit Target',
        email: 'audit.target@example.com',
        password: 'Ombak pantai Kuta 555',
        confirmPassword: 'Ombak pantai Kuta 555',
        reauth: { password: testAdmin.password },
      },
    });
    expect(add.statusCode, add.body).toBe(201);
    const page = await list('?limit=2&page=0');
    expect(page.data).toHaveLength(2);
    const [newest] = page.data;
    expect(newest).toMatchObject({
      action: 'admin.add',
      entity: 'admin',
      entityId: String(add.json().data[0].id),
      toState: 'Activated',
      admin: { id: me.id, email: administrator.email },
      ipAddress: '127.0.0.1',
      details: { after: { email: 'audit.target@example.com' } },
    });
    const all = await list('');
    expect(all.total).toBe(page.total);
    const instants = all.data.map((e) => e.occurredAt);
    expect(instants).toEqual([...instants].sort().reverse());
    expect(all.data.find((e) => e.action === 'demo-data.seeded')!.admin).toBeNull();
  });

  it('dates an entry when it is written, not when its transaction began (after the locks it waited for)', async () => {
    const began = await t().database.db.transaction(async (tx) => {
      const [start] = await selectRows<{ at: number }>(tx, sql`select (extract(epoch from now()) * 1000)::float8 as "at"`);
      // Waiting, as for a redemption's row another admin holds, before the change and its entry.
      await new Promise((resolve) => setTimeout(resolve, 200));
      await recordAudit(tx, { adminId: me.id, action: 'redemption.reset', entity: 'redemption', entityId: '9' });
      return start!.at;
    });
    const [entry] = (await list('?action=redemption.reset&limit=1')).data;
    expect(entry).toMatchObject({ entity: 'redemption', entityId: '9' });
    // Dated at its insert, 200 ms after the transaction began, not at the beginning. Not to the
    // millisecond: the API gives whole milliseconds while `began` has a fraction, and a Node timer
    // counts from the event loop's cached clock, so it can fire a few milliseconds early.
    expect(Date.parse(entry!.occurredAt)).toBeGreaterThanOrEqual(began + 150);
  });

  it('records sign-in and sign-out with the address', async () => {
    const signIns = await list(`?action=admin.sign_in&adminId=${me.id}`);
    expect(signIns.data[0]).toMatchObject({ action: 'admin.sign_in', ipAddress: '127.0.0.1', admin: { id: me.id } });
    const cookie = await signInCookie(t().app, administrator);
    expect((await t().app.inject({ method: 'POST', url: '/api/account/logout', headers: { cookie } })).statusCode).toBe(204);
    const signOuts = await list(`?action=admin.sign_out&adminId=${me.id}`);
    expect(signOuts.data[0]).toMatchObject({ action: 'admin.sign_out', ipAddress: '127.0.0.1' });
  });

  it("records the address of the product's other changes too (a redemption limit, a denomination)", async () => {
    expect(
      (await t().injectAs('Administrator', { method: 'POST', url: '/api/admin/redemption/limit/set', payload: { newlimit: 250 } }))
        .statusCode,
    ).toBe(201);
    const add = await t().injectAsAdmin({ method: 'POST', url: '/api/admin/physicalgold/add', payload: { denom: 5, amount: 3 } });
    expect(add.statusCode, add.body).toBe(201);
    // The limit by the Administrator, the stock by the (Supervisor) test admin.
    for (const [action, email] of [
      ['redemption-limit.set', administrator.email],
      ['denomination.create', testAdmin.email],
    ]) {
      expect((await list(`?action=${action}`)).data[0]).toMatchObject({ action, ipAddress: '127.0.0.1', admin: { email } });
    }
  });

  it('filters by admin, action and WIB days (inclusive)', async () => {
    expect((await list('?action=redemption.reject')).data.map((e) => e.entityId)).toEqual(['8']);
    const mine = await list(`?adminId=${me.id}&limit=100`);
    expect(mine.data.every((e) => e.admin?.id === me.id)).toBe(true);
    expect((await list('?adminId=999999')).total).toBe(0);
    expect((await list('?from=2026-03-01&to=2026-03-01')).data.map((e) => e.action)).toEqual(['redemption.approve']);
    expect((await list('?from=2026-03-02&to=2026-03-02')).data.map((e) => e.action)).toEqual(['redemption.reject']);
    expect((await list('?from=2026-03-01&to=2026-03-03')).total).toBe(3);
    expect((await list(`?from=2026-03-01&to=2026-03-03&adminId=${me.id}&action=redemption.approve`)).total).toBe(1);
  });

  it('refuses bad filters with 400 naming them, and offers no way to change or remove an entry', async () => {
    for (const [query, field] of [
      ['?from=2026-02-31', 'from'],
      ['?to=yesterday', 'to'],
      ['?adminId=abc', 'adminId'],
      ['?action=DROP%20TABLE', 'action'],
      ['?sort=id', 'sort'],
      ['?page=1', 'page'],
    ]) {
      const response = await t().injectAs('Administrator', { method: 'GET', url: `/api/admin/audit${query}` });
      expect(response.statusCode, query).toBe(400);
      expect(response.json().message).toContain(field);
    }
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE'] as const) {
      expect((await t().injectAs('Administrator', { method, url: '/api/admin/audit' })).statusCode).toBe(404);
    }
    await expect(t().database.db.execute(sql`delete from audit_log`)).rejects.toThrow();
    expect((await t().app.inject({ method: 'GET', url: '/api/admin/audit' })).statusCode).toBe(401);
  });
});
