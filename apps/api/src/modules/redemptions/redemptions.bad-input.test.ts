import { sql } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { selectRows } from '../../db/client';
import { describeEachEngine } from '../../test/test-app';
import { insertCustomer, insertDenomination, insertRedemption, markCodeChecked } from '../../test/redemption-fixtures';

/** Every table these routes write, as one digest: a refused request must leave it as it was. */
const watched = [
  'redemptions',
  'redemption_pieces',
  'redemption_otps',
  'redemption_identity_checks',
  'vault_pieces',
  'vault_movements',
  'vault_confirmations',
  'redemption_limits',
  'gold_denominations',
  'denomination_piece_counts',
  'redemption_status_totals',
  'row_counts',
  'audit_log',
];

describeEachEngine('redemption, limit and stock routes refuse bad input, writing nothing', (t) => {
  let redemptionId: number;
  let denominationId: number;

  beforeAll(async () => {
    const { db } = t().database;
    const customer = await insertCustomer(db);
    denominationId = await insertDenomination(db, 5, 10);
    // A redemption every action would change if its input were accepted.
    redemptionId = await insertRedemption(db, {
      customerId: customer.id,
      status: 'PREPARATION',
      pieces: [{ denominationId, denom: 5, amount: 1 }],
    });
    await markCodeChecked(db, redemptionId);
    await t().adminCookie();
    // Limits are settings, an Administrator's (signed in now, before the database is compared).
    await t().cookieAs('Administrator');
  });

  const digest = async () => {
    const parts = await Promise.all(
      watched.map(async (table) => {
        const [row] = await selectRows<{ d: string }>(
          t().database.db,
          sql`select count(*) || ':' || coalesce(md5(string_agg(t::text, '|' order by t::text)), '') as d from ${sql.identifier(table)} t`,
        );
        return `${table}=${row!.d}`;
      }),
    );
    return parts.join(' ');
  };

  // Built when the cases are: the identity check's path names the redemption made in beforeAll.
  const routes = (): Array<{ path: string; valid: () => Record<string, unknown>; fields: Record<string, unknown[]> }> => [
    ...(['prepare', 'sendotp', 'approve', 'reset'] as const).map((action) => ({
      path: `/api/admin/redeem/${action}`,
      valid: () => ({ id: redemptionId }),
      fields: { id: [] },
    })),
    {
      path: '/api/admin/redeem/checkotp',
      valid: () => ({ id: redemptionId, otp: '123456' }),
      fields: { id: [], otp: ['12345', '1234567', 'abcdef', '12 456', '١٢٣٤٥٦', ''] },
    },
    {
      path: '/api/admin/redeem/reject',
      valid: () => ({ id: redemptionId, reason: 'none' }),
      fields: { id: [], reason: ['', '   ', 'x'.repeat(501), 'nul\u0000', 'half \uD83D', '\u001B[31m'] },
    },
    {
      path: `/api/admin/redeem/${redemptionId}/identity-check`,
      valid: () => ({ documentType: 'KTP', last4: '0007' }),
      fields: { documentType: ['ktp', 'NPWP', ''], last4: ['', '123', '12345', '12-4', '12 4', '١٢٣٤'] },
    },
    {
      path: '/api/admin/redemption/limit/set',
      valid: () => ({ newlimit: 250 }),
      fields: { newlimit: [0, 7, 50, -250, 250.5, 2000, 1e308] },
    },
    {
      path: '/api/admin/physicalgold/add',
      valid: () => ({ denom: 5, amount: 1 }),
      fields: { denom: [0, -5, 2.5, 1e9, Number.MAX_SAFE_INTEGER + 2], amount: [0, -1, 0.5, 100_001, 1e12] },
    },
    {
      path: '/api/admin/physicalgold/setredeemable',
      valid: () => ({ id: denominationId, redeemable: true }),
      fields: { id: [], redeemable: [] },
    },
  ];
  const badIds = [0, -1, 1.5, 2 ** 31, 1e20];
  const wrongTypes = ['1', 'true', true, null, [], {}];

  type Case = { route: string; why: string; send: { payload?: string; contentType?: string }; named: string | RegExp; status?: number };
  const cases = (): Case[] =>
    routes().flatMap(({ path, valid, fields }) => {
      const json = (body: unknown) => ({ payload: JSON.stringify(body), contentType: 'application/json' });
      const list: Case[] = [
        { route: path, why: 'malformed JSON', send: { payload: '{"id": 1,', contentType: 'application/json' }, named: /JSON/ },
        { route: path, why: 'empty JSON body', send: { payload: '', contentType: 'application/json' }, named: /[Bb]ody/ },
        { route: path, why: 'no body', send: {}, named: /body/ },
        { route: path, why: 'a JSON array', send: json([valid()]), named: 'body' },
        { route: path, why: 'JSON null', send: json(null), named: 'body' },
        {
          route: path,
          why: 'a form post',
          send: { payload: 'id=1', contentType: 'application/x-www-form-urlencoded' },
          named: /content-type|Content-Type|media type/i,
          status: 415,
        },
        // Fastify reads text/plain as a string: refused as not an object.
        {
          route: path,
          why: 'text/plain',
          send: { payload: JSON.stringify(valid()), contentType: 'text/plain' },
          named: 'body: Invalid input: expected object',
        },
        { route: path, why: 'an unknown field', send: json({ ...valid(), status: 'REDEEMED' }), named: 'Unrecognized key: "status"' },
      ];
      for (const [field, bad] of Object.entries(fields)) {
        const { [field]: _dropped, ...rest } = valid();
        list.push({ route: path, why: `${field} missing`, send: json(rest), named: `body.${field}` });
        for (const value of [...(field === 'id' ? badIds : []), ...bad, ...wrongTypes.filter((w) => typeof w !== typeof valid()[field])]) {
          list.push({
            route: path,
            why: `${field} = ${JSON.stringify(value)}`,
            send: json({ ...valid(), [field]: value }),
            named: `body.${field}`,
          });
        }
      }
      return list;
    });

  it('every bad request to every route gets a 4xx JSON answer naming the problem, and the database is unchanged', async () => {
    const before = await digest();
    const all = cases();
    expect(all.length).toBeGreaterThan(150);
    for (const c of all) {
      const headers: Record<string, string> = c.send.contentType ? { 'content-type': c.send.contentType } : {};
      const role = c.route === '/api/admin/redemption/limit/set' ? 'Administrator' : 'Supervisor';
      const response = await t().injectAs(role, { method: 'POST', url: c.route, payload: c.send.payload, headers });
      const label = `${c.route} with ${c.why}`;
      expect(response.statusCode, `${label}: ${response.body}`).toBe(c.status ?? 400);
      expect(response.headers['content-type'], label).toMatch(/^application\/json/);
      const { message } = response.json();
      if (typeof c.named === 'string') expect(message, label).toContain(c.named);
      else expect(message, label).toMatch(c.named);
    }
    expect(await digest()).toBe(before);
  });

  it('path ids: not a positive whole number in range is a 400 naming params.id; unknown is a 404', async () => {
    for (const suffix of ['', '/history']) {
      for (const id of ['abc', '-1', '0', '1.5', '2147483648', '%27%20or%201%3D1']) {
        const response = await t().injectAsAdmin({ method: 'GET', url: `/api/admin/redeem/${id}${suffix}` });
        expect(response.statusCode, `${id}${suffix}`).toBe(400);
        expect(response.json().message).toContain('params.id');
      }
      const unknown = await t().injectAsAdmin({ method: 'GET', url: `/api/admin/redeem/2147483647${suffix}` });
      expect(unknown.statusCode).toBe(404);
    }
    const check = { documentType: 'KTP', last4: '0007' };
    for (const id of ['abc', '-1', '0', '1.5', '2147483648']) {
      const response = await t().injectAsAdmin({ method: 'POST', url: `/api/admin/redeem/${id}/identity-check`, payload: check });
      expect(response.statusCode, id).toBe(400);
      expect(response.json().message).toContain('params.id');
    }
    const unknown = await t().injectAsAdmin({ method: 'POST', url: '/api/admin/redeem/2147483647/identity-check', payload: check });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('Redemption 2147483647 not found');
  });
});
