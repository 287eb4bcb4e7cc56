import { sql } from 'drizzle-orm';
import type { AdminDetail } from '@gold/contract';
import { beforeAll, expect, it } from 'vitest';
import { selectRows } from '../../../db/client';
import { describeEachEngine, signInCookie, testAdmin, testAdminOfRole } from '../../../test/test-app';

const strongPassword = 'Kuda lumping menari 7 kali';
const newAdmin = {
  fullname: 'Bambang Pamungkas',
  email: 'bambang@example.com',
  phoneNumber: '0812-3456-7890',
  password: strongPassword,
  confirmPassword: strongPassword,
  status: 'Activated',
};

// Admins are managed by an Administrator (the 'admins' permission): this file acts as one.
describeEachEngine('admins', (t) => {
  let me: { id: number };
  const reauth = { password: testAdmin.password };

  beforeAll(async () => {
    const session = await t().injectAs('Administrator', { method: 'GET', url: '/api/account/session' });
    me = session.json().admin;
  });

  // The adding admin confirms with its password (re-authentication).
  const add = (body: Record<string, unknown>) =>
    t().injectAs('Administrator', {
      method: 'POST',
      url: '/api/admin/add',
      payload: { reauth: { password: testAdmin.password }, ...body },
    });
  const edit = (id: number, body: Record<string, unknown>, cookie?: string) =>
    cookie
      ? t().app.inject({ method: 'POST', url: `/api/admin/edit/${id}`, payload: body, headers: { cookie } })
      : t().injectAs('Administrator', { method: 'POST', url: `/api/admin/edit/${id}`, payload: body });
  const remove = (id: number) => t().injectAs('Administrator', { method: 'POST', url: `/api/admin/delete/${id}` });
  const detail = (id: number) => t().injectAs('Administrator', { method: 'GET', url: `/api/admin/detail/${id}` });
  const adminCount = async () => (await selectRows<{ n: number }>(t().database.db, sql`select count(*)::int as n from admins`))[0]!.n;
  const auditOf = (action: string, entityId: number) =>
    selectRows<{
      admin_id: number;
      from_state: string | null;
      to_state: string | null;
      details: Record<string, unknown>;
      ip_address: string;
    }>(
      t().database.db,
      sql`select admin_id, from_state, to_state, details, host(ip_address) as ip_address from audit_log
           where action = ${action} and entity_id = ${String(entityId)} order by id`,
    );
  const addOne = async (overrides: Record<string, unknown>) => {
    const response = await add({ ...newAdmin, ...overrides });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().data[0] as AdminDetail;
  };

  it('adds an admin: 201 with data[0], role Administrator, phone in E.164, audited with the address', async () => {
    const response = await add(newAdmin);
    expect(response.statusCode, response.body).toBe(201);
    const admin = response.json().data[0] as AdminDetail;
    expect(admin).toMatchObject({
      fullName: 'Bambang Pamungkas',
      fullname: 'Bambang Pamungkas',
      email: 'bambang@example.com',
      phoneNumber: '+6281234567890',
      type: 'Administrator',
      role: 'Administrator',
      status: 'Activated',
      twoFactorEnabled: false,
    });
    expect(JSON.stringify(response.json())).not.toMatch(/password_?hash|argon2/i);
    const [entry] = await auditOf('admin.add', admin.id);
    expect(entry).toMatchObject({ admin_id: me.id, to_state: 'Activated', ip_address: '127.0.0.1' });
    expect(JSON.stringify(entry!.details)).not.toContain(strongPassword);
    // The new admin can sign in with its password.
    await signInCookie(t().app, { email: 'BAMBANG@example.com', password: strongPassword });
  });

  it("adds an admin from the spec's body {fullname, email, phoneNumber, password, status}, without confirmPassword", async () => {
    const { confirmPassword: _confirm, ...specBody } = newAdmin;
    const response = await add({ ...specBody, email: 'spec.body@example.com' });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().data[0]).toMatchObject({ email: 'spec.body@example.com', status: 'Activated', role: 'Administrator' });
    await signInCookie(t().app, { email: 'spec.body@example.com', password: strongPassword });
  });

  it('refuses a taken e-mail regardless of case with 409 naming it, writing nothing', async () => {
    const before = await adminCount();
    const response = await add({ ...newAdmin, email: 'Bambang@Example.COM' });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toContain('Bambang@Example.COM');
    expect(await adminCount()).toBe(before);
  });

  it('refuses mismatched, short, common and name-bearing passwords with a message naming the field, writing nothing', async () => {
    const before = await adminCount();
    const cases: Array<[Record<string, unknown>, RegExp]> = [
      [{ confirmPassword: `${strongPassword}x` }, /confirmPassword: Password is Not Match/],
      [{ password: 'short', confirmPassword: 'short' }, /body\.password: password must be at least 12 characters/],
      [{ password: 'password1234', confirmPassword: 'password1234' }, /body\.password: password is too common/],
      [
        { password: 'Pamungkas 2026 rocks', confirmPassword: 'Pamungkas 2026 rocks' },
        /body\.password: password must not contain your name/,
      ],
      [{ password: 'x'.repeat(129), confirmPassword: 'x'.repeat(129) }, /body\.password: password must be at most 128/],
    ];
    for (const [overrides, message] of cases) {
      const response = await add({ ...newAdmin, email: 'new.one@example.com', ...overrides });
      expect(response.statusCode, JSON.stringify(overrides)).toBe(400);
      expect(response.json().message).toMatch(message);
    }
    expect(await adminCount()).toBe(before);
  });

  it('refuses a phone number that is not one, and wrong-typed or missing fields, with 400 naming the field', async () => {
    const before = await adminCount();
    const cases: Array<[Record<string, unknown>, RegExp]> = [
      [{ phoneNumber: '12345' }, /body\.phoneNumber: phoneNumber is not a valid phone number/],
      [{ phoneNumber: 'call me' }, /body\.phoneNumber/],
      [{ fullname: '' }, /body\.fullname: fullname is required/],
      [{ fullname: 'Nul\u0000Byte' }, /body\.fullname: fullname must be plain text/],
      [{ email: 'not-an-email' }, /body\.email: email must be an email address/],
      [{ email: 42 }, /body\.email/],
      [{ status: 'Boss' }, /body\.status/],
      [{ role: 'Superuser' }, /body\.role/],
      [{ isAdmin: true }, /isAdmin/],
    ];
    for (const [overrides, message] of cases) {
      const response = await add({ ...newAdmin, email: 'other.one@example.com', ...overrides });
      expect(response.statusCode, JSON.stringify(overrides)).toBe(400);
      expect(response.json().message).toMatch(message);
    }
    const { password: _password, ...withoutPassword } = newAdmin;
    expect((await add({ ...withoutPassword, email: 'other.one@example.com' })).json().message).toMatch(/body\.password/);
    expect(await adminCount()).toBe(before);
  });

  it('accepts a number with a country code and no phone at all; stores a new admin as Not Activated when asked', async () => {
    const withCountry = await addOne({ email: 'sg@example.com', phoneNumber: '+65 6123 4567' });
    expect(withCountry.phoneNumber).toBe('+6561234567');
    const without = await addOne({ email: 'nophone@example.com', phoneNumber: '', status: 'Not Activated' });
    expect(without).toMatchObject({ phoneNumber: null, status: 'Not Activated' });
    const refused = await t().app.inject({
      method: 'POST',
      url: '/api/admin/login',
      payload: { email: 'nophone@example.com', password: strongPassword },
    });
    expect(refused.statusCode).toBe(401);
  });

  it('lists admins paged with the total, searches, and counts registered admins', async () => {
    const page = await t().injectAs('Administrator', { method: 'GET', url: '/api/admin/list/admins?limit=2&page=0' });
    expect(page.statusCode).toBe(200);
    const count = (await t().injectAs('Administrator', { method: 'GET', url: '/api/admin/count/admins' })).json().count;
    expect(page.json().total).toBe(count);
    expect(page.json().data).toHaveLength(2);
    expect(Object.keys(page.json().data[0]).sort()).toEqual(
      [
        'createdAt',
        'email',
        'fullName',
        'fullname',
        'id',
        'lastSignInAt',
        'phoneNumber',
        'locationCode',
        'locationId',
        'role',
        'status',
        'twoFactorEnabled',
        'type',
      ].sort(),
    );
    const all = await t().injectAs('Administrator', { method: 'GET', url: '/api/admin/list/admins' });
    expect(all.json().total).toBe(count);
    const found = await t().injectAs('Administrator', { method: 'GET', url: '/api/admin/list/admins?limit=10&search=BAMBANG%40' });
    expect(found.json().data.map((a: AdminDetail) => a.email)).toEqual(['bambang@example.com']);
    const inactive = await t().injectAs('Administrator', { method: 'GET', url: '/api/admin/list/admins?limit=10&status=Not%20Activated' });
    expect(inactive.json().data.every((a: AdminDetail) => a.status === 'Not Activated')).toBe(true);
  });

  it('answers the detail as data[0], 404 for an unknown id and 400 for one that is not an id', async () => {
    const response = await detail(me.id);
    expect(response.statusCode).toBe(200);
    expect(response.json().data[0]).toMatchObject({ id: me.id, email: testAdminOfRole('Administrator').email });
    const unknown = await detail(999_999);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('Admin 999999 not found');
    expect((await detail(0)).statusCode).toBe(400);
    expect((await t().injectAs('Administrator', { method: 'GET', url: '/api/admin/detail/abc' })).statusCode).toBe(400);
    expect((await edit(999_999, { status: 'Activated' })).statusCode).toBe(404);
    expect((await remove(999_999)).statusCode).toBe(404);
  });

  it('deactivating an admin ends its live session at once and refuses its sign-in; reactivating lets it in again', async () => {
    const admin = await addOne({ email: 'deact@example.com', fullname: 'Joko Widodo' });
    const cookie = await signInCookie(t().app, { email: 'deact@example.com', password: strongPassword });
    expect((await t().app.inject({ method: 'GET', url: '/api/account/session', headers: { cookie } })).statusCode).toBe(200);

    const response = await edit(admin.id, { status: 'Not Activated', password: '', confirmPassword: '' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data[0].status).toBe('Not Activated');
    expect((await t().app.inject({ method: 'GET', url: '/api/account/session', headers: { cookie } })).statusCode).toBe(401);
    const signIn = await t().app.inject({
      method: 'POST',
      url: '/api/admin/login',
      payload: { email: 'deact@example.com', password: strongPassword },
    });
    expect(signIn.statusCode).toBe(401);
    expect(signIn.json().message).toBe('Invalid email or password');
    const [entry] = await auditOf('admin.edit', admin.id);
    expect(entry).toMatchObject({ admin_id: me.id, from_state: 'Activated', to_state: 'Not Activated', ip_address: '127.0.0.1' });
    expect(entry!.details).toMatchObject({ before: { status: 'Activated' }, after: { status: 'Not Activated' }, endedSessions: 1 });

    expect((await edit(admin.id, { status: 'Activated' })).statusCode).toBe(200);
    await signInCookie(t().app, { email: 'deact@example.com', password: strongPassword });
  });

  it("a new password ends the admin's sessions and only the new one signs in; mismatched or weak ones change nothing", async () => {
    const admin = await addOne({ email: 'pw@example.com', fullname: 'Sri Mulyani' });
    const cookie = await signInCookie(t().app, { email: 'pw@example.com', password: strongPassword });
    const weak = await edit(admin.id, { status: 'Activated', password: 'password1234', confirmPassword: 'password1234' });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().message).toMatch(/body\.password: password is too common/);
    const mismatch = await edit(admin.id, { status: 'Activated', password: 'Gunung Merapi 2911 m', confirmPassword: 'Gunung Merapi 2911' });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().message).toMatch(/Password is Not Match/);
    const short = await edit(admin.id, { status: 'Activated', password: 'short', confirmPassword: 'short' });
    expect(short.json().message).toMatch(/password must be at least 12 characters/);
    expect((await t().app.inject({ method: 'GET', url: '/api/account/session', headers: { cookie } })).statusCode).toBe(200);
    expect(await auditOf('admin.edit', admin.id)).toEqual([]);

    const newPassword = { status: 'Activated', password: 'Gunung Merapi 2911 m', confirmPassword: 'Gunung Merapi 2911 m' };
    // Another admin's password is set only by the admin at the keyboard.
    const withoutReauth = await edit(admin.id, newPassword);
    expect(withoutReauth.statusCode).toBe(400);
    expect(withoutReauth.json().message).toMatch(/^body\.reauth: confirm this change with your password/);
    expect((await t().app.inject({ method: 'GET', url: '/api/account/session', headers: { cookie } })).statusCode).toBe(200);
    const changed = await edit(admin.id, { ...newPassword, reauth });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await t().app.inject({ method: 'GET', url: '/api/account/session', headers: { cookie } })).statusCode).toBe(401);
    const old = await t().app.inject({
      method: 'POST',
      url: '/api/admin/login',
      payload: { email: 'pw@example.com', password: strongPassword },
    });
    expect(old.statusCode).toBe(401);
    await signInCookie(t().app, { email: 'pw@example.com', password: 'Gunung Merapi 2911 m' });
    const [entry] = await auditOf('admin.edit', admin.id);
    expect(entry!.details).toMatchObject({ passwordChanged: true, endedSessions: 1 });
    expect(JSON.stringify(entry)).not.toContain('Gunung');
  });

  it('refuses bad edit input with 400 naming the field and changes nothing', async () => {
    const admin = await addOne({ email: 'bad.edit@example.com', fullname: 'Hendra Gunawan' });
    const before = JSON.stringify((await detail(admin.id)).json());
    const cases: Array<[Record<string, unknown>, RegExp]> = [
      [{ status: 'Deleted' }, /body\.status/],
      [{ status: 1 }, /body\.status/],
      [{}, /body\.status/],
      [{ status: 'Activated', email: 'x@example.com' }, /email/],
      [{ status: 'Activated', password: 42, confirmPassword: 42 }, /body\.password/],
      [{ status: 'Not Activated', password: 'Gunung Merapi 2911 m' }, /confirmPassword: Password is Not Match/],
    ];
    for (const [body, message] of cases) {
      const response = await edit(admin.id, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().message).toMatch(message);
    }
    expect((await t().injectAs('Administrator', { method: 'POST', url: '/api/admin/delete/-1' })).statusCode).toBe(400);
    expect(JSON.stringify((await detail(admin.id)).json())).toBe(before);
    expect(await auditOf('admin.edit', admin.id)).toEqual([]);
  });

  it('refuses deactivating or deleting yourself with 409, and keeps your session', async () => {
    const deactivate = await edit(me.id, { status: 'Not Activated' });
    expect(deactivate.statusCode).toBe(409);
    expect(deactivate.json().message).toBe('You cannot deactivate your own account');
    const del = await remove(me.id);
    expect(del.statusCode).toBe(409);
    expect(del.json().message).toBe('You cannot delete your own account');
    expect((await detail(me.id)).json().data[0].status).toBe('Activated');
  });

  it('never leaves nobody active: two admins deactivating (or deleting) each other at once, one wins, the other gets 409 or 401', async () => {
    for (const action of ['deactivate', 'delete'] as const) {
      const a = await addOne({ email: `race.a.${action}@example.com`, fullname: 'Ratna Sari' });
      const b = await addOne({ email: `race.b.${action}@example.com`, fullname: 'Budi Hartono' });
      const cookieA = await signInCookie(t().app, { email: `race.a.${action}@example.com`, password: strongPassword });
      const cookieB = await signInCookie(t().app, { email: `race.b.${action}@example.com`, password: strongPassword });
      // Only these two are active now.
      const others = await selectRows<{ id: number }>(
        t().database.db,
        sql`update admins set status = 'Not Activated' where id not in (${a.id}, ${b.id}) and status = 'Activated' returning id`,
      );
      const act = (id: number, cookie: string) =>
        action === 'deactivate'
          ? edit(id, { status: 'Not Activated' }, cookie)
          : t().app.inject({ method: 'POST', url: `/api/admin/delete/${id}`, headers: { cookie } });
      const [first, second] = await Promise.all([act(b.id, cookieA), act(a.id, cookieB)]);
      const statuses = [first.statusCode, second.statusCode].sort();
      expect(statuses[0], `${first.body} ${second.body}`).toBe(200);
      expect([401, 409]).toContain(statuses[1]);
      const loser = first.statusCode === 200 ? second : first;
      if (loser.statusCode === 409) expect(loser.json().message).toMatch(/^Cannot (deactivate|delete) the last active admin$/);
      const [active] = await selectRows<{ n: number }>(
        t().database.db,
        sql`select count(*)::int as n from admins where status = 'Activated' and deleted_at is null`,
      );
      expect(active!.n).toBe(1);
      for (const other of others) await t().database.db.execute(sql`update admins set status = 'Activated' where id = ${other.id}`);
    }
  });

  it('deletes an admin: hidden from the list, count and detail, refused at sign-in, its history kept', async () => {
    const admin = await addOne({ email: 'gone@example.com', fullname: 'Anies Baswedan' });
    const cookie = await signInCookie(t().app, { email: 'gone@example.com', password: strongPassword });
    const countBefore = (await t().injectAs('Administrator', { method: 'GET', url: '/api/admin/count/admins' })).json().count;
    const response = await remove(admin.id);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data[0]).toMatchObject({ id: admin.id, status: 'Not Activated' });
    expect((await t().app.inject({ method: 'GET', url: '/api/account/session', headers: { cookie } })).statusCode).toBe(401);
    expect((await t().injectAs('Administrator', { method: 'GET', url: '/api/admin/count/admins' })).json().count).toBe(countBefore - 1);
    const all = await t().injectAs('Administrator', { method: 'GET', url: '/api/admin/list/admins' });
    expect(all.json().data.some((a: AdminDetail) => a.id === admin.id)).toBe(false);
    expect((await detail(admin.id)).statusCode).toBe(404);
    expect((await remove(admin.id)).statusCode).toBe(404);
    const signIn = await t().app.inject({
      method: 'POST',
      url: '/api/admin/login',
      payload: { email: 'gone@example.com', password: strongPassword },
    });
    expect(signIn.statusCode).toBe(401);
    expect(await auditOf('admin.add', admin.id)).toHaveLength(1);
    const [entry] = await auditOf('admin.delete', admin.id);
    expect(entry).toMatchObject({ admin_id: me.id, from_state: 'Activated', to_state: 'Deleted', ip_address: '127.0.0.1' });
    // The e-mail stays with the deleted admin (its history names it).
    expect((await add({ ...newAdmin, email: 'gone@example.com' })).statusCode).toBe(409);
  });
  it('adds an admin of the chosen role: a Teller with an existing location (answered with its code), the others without', async () => {
    const teller = await addOne({ email: 'teller.one@example.com', fullname: 'Wayan Sudirta', role: 'Teller', locationId: 1 });
    expect(teller).toMatchObject({ role: 'Teller', type: 'Teller', locationId: 1, locationCode: 'JKT-01' });
    const auditor = await addOne({ email: 'auditor.one@example.com', fullname: 'Nyoman Sari', role: 'Auditor' });
    expect(auditor).toMatchObject({ role: 'Auditor', locationId: null, locationCode: null });
    const [entry] = await auditOf('admin.add', teller.id);
    expect(entry!.details).toMatchObject({ after: { role: 'Teller', locationId: 1 } });
    const session = await t().app.inject({
      method: 'GET',
      url: '/api/account/session',
      headers: { cookie: await signInCookie(t().app, { email: 'teller.one@example.com', password: strongPassword }) },
    });
    expect(session.json().admin).toMatchObject({ role: 'Teller', locationId: 1 });

    const before = await adminCount();
    for (const [overrides, message] of [
      [{ role: 'Teller' }, /^body\.locationId: a Teller needs a vault location/],
      [{ role: 'Teller', locationId: 999 }, /^body\.locationId: vault location 999 does not exist/],
      [{ role: 'Supervisor', locationId: 1 }, /^body\.locationId: only a Teller has a vault location/],
      [{ role: 'Teller', locationId: 0 }, /body\.locationId/],
    ] as Array<[Record<string, unknown>, RegExp]>) {
      const response = await add({ ...newAdmin, email: 'teller.two@example.com', ...overrides });
      expect(response.statusCode, JSON.stringify(overrides)).toBe(400);
      expect(response.json().message).toMatch(message);
    }
    expect(await adminCount()).toBe(before);
  });

  it("changes another admin's role and location with re-authentication, ending its sessions; a Teller's location goes with the role", async () => {
    const admin = await addOne({ email: 'role.change@example.com', fullname: 'Ketut Widia', role: 'Supervisor' });
    const cookie = await signInCookie(t().app, { email: 'role.change@example.com', password: strongPassword });
    const withoutReauth = await edit(admin.id, { status: 'Activated', role: 'Teller', locationId: 1 });
    expect(withoutReauth.statusCode).toBe(400);
    expect(withoutReauth.json().message).toMatch(/^body\.reauth/);
    expect((await detail(admin.id)).json().data[0]).toMatchObject({ role: 'Supervisor', locationId: null });
    const noLocation = await edit(admin.id, { status: 'Activated', role: 'Teller', reauth });
    expect(noLocation.statusCode).toBe(400);
    expect(noLocation.json().message).toMatch(/^body\.locationId: a Teller needs a vault location/);

    const teller = await edit(admin.id, { status: 'Activated', role: 'Teller', locationId: 1, reauth });
    expect(teller.statusCode, teller.body).toBe(200);
    expect(teller.json().data[0]).toMatchObject({ role: 'Teller', locationId: 1, locationCode: 'JKT-01' });
    expect((await t().app.inject({ method: 'GET', url: '/api/account/session', headers: { cookie } })).statusCode).toBe(401);
    const [entry] = await auditOf('admin.edit', admin.id);
    expect(entry!.details).toMatchObject({
      before: { role: 'Supervisor', locationId: null },
      after: { role: 'Teller', locationId: 1 },
      endedSessions: 1,
    });
    // The spec's body (status and password only) leaves role and location as they are.
    expect((await edit(admin.id, { status: 'Activated', password: '', confirmPassword: '' })).json().data[0]).toMatchObject({
      role: 'Teller',
      locationId: 1,
    });
    const auditor = await edit(admin.id, { status: 'Activated', role: 'Auditor', reauth });
    expect(auditor.json().data[0]).toMatchObject({ role: 'Auditor', locationId: null, locationCode: null });
  });

  it('refuses changing your own role (409)', async () => {
    const own = await edit(me.id, { status: 'Activated', role: 'Auditor', reauth });
    expect(own.statusCode).toBe(409);
    expect(own.json().message).toBe('You cannot change your own role');
  });

  it('never leaves no active Administrator: two demoting each other at once, one wins, the other gets 409 or 401', async () => {
    // Only the acting admin and another Administrator can manage admins, and nobody changes their own role,
    // so the last Administrator can only be lost to a race: the locks let one of the two through.
    const a = await addOne({ email: 'race.admin.a@example.com', fullname: 'Made Oka', role: 'Administrator' });
    const b = await addOne({ email: 'race.admin.b@example.com', fullname: 'Kadek Rai', role: 'Administrator' });
    const cookieA = await signInCookie(t().app, { email: 'race.admin.a@example.com', password: strongPassword });
    const cookieB = await signInCookie(t().app, { email: 'race.admin.b@example.com', password: strongPassword });
    const others = await selectRows<{ id: number }>(
      t().database.db,
      sql`update admins set role = 'Supervisor' where id not in (${a.id}, ${b.id}) and role = 'Administrator' returning id`,
    );
    try {
      const demote = (id: number, cookie: string) =>
        edit(id, { status: 'Activated', role: 'Supervisor', reauth: { password: strongPassword } }, cookie);
      const [first, second] = await Promise.all([demote(b.id, cookieA), demote(a.id, cookieB)]);
      const statuses = [first.statusCode, second.statusCode].sort();
      expect(statuses[0], `${first.body} ${second.body}`).toBe(200);
      expect([401, 409]).toContain(statuses[1]);
      const loser = first.statusCode === 200 ? second : first;
      if (loser.statusCode === 409) expect(loser.json().message).toMatch(/^Cannot change or deactivate the last active Administrator/);
      const [row] = await selectRows<{ n: number }>(
        t().database.db,
        sql`select count(*)::int as n from admins where role = 'Administrator' and status = 'Activated' and deleted_at is null`,
      );
      expect(row!.n).toBe(1);
    } finally {
      for (const row of others) await t().database.db.execute(sql`update admins set role = 'Administrator' where id = ${row.id}`);
    }
  });

  it('refuses admin management to every role but Administrator with 403 naming the role, writing nothing', async () => {
    const roles = ['Teller', 'Supervisor', 'Auditor'] as const;
    for (const role of roles) await t().cookieAs(role);
    const before = await adminCount();
    for (const role of roles) {
      const response = await t().injectAs(role, {
        method: 'POST',
        url: '/api/admin/add',
        payload: { ...newAdmin, email: `by.${role.toLowerCase()}@example.com`, reauth },
      });
      expect(response.statusCode, role).toBe(403);
      expect(response.json().message).toMatch(new RegExp(`^Your role \\(${role}\\) may not manage admins`));
    }
    expect(await adminCount()).toBe(before);
  });
});
