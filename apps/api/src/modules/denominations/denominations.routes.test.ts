import { sql } from 'drizzle-orm';
import type { Denomination } from '@gold/contract';
import { beforeAll, expect, it } from 'vitest';
import { selectRows } from '../../db/client';
import { describeEachEngine } from '../../test/test-app';
import { insertCustomer, insertDenomination, insertRedemption } from '../../test/redemption-fixtures';

describeEachEngine('denominations (Denoms List)', (t) => {
  let d10: number;
  let d100: number;

  beforeAll(async () => {
    const { db } = t().database;
    const customer = await insertCustomer(db);
    d10 = await insertDenomination(db, 10, 40);
    d100 = await insertDenomination(db, 100, 5, false);
    const plan = [
      ['REDEEMED', 3, 1],
      ['REDEEMED', 2, 0],
      ['REQUESTED', 4, 1],
      ['PREPARATION', 1, 0],
      ['REJECTED', 6, 2],
      ['ON_WEB2', 1, 1],
    ] as const;
    for (const [status, tens, hundreds] of plan) {
      await insertRedemption(db, {
        customerId: customer.id,
        status,
        pieces: [
          { denominationId: d10, denom: 10, amount: tens },
          ...(hundreds ? [{ denominationId: d100, denom: 100, amount: hundreds }] : []),
        ],
      });
    }
  });

  const list = async () =>
    (await t().injectAsAdmin({ method: 'GET', url: '/api/admin/denoms' })).json() as { data: Denomination[]; total: number };
  const post = async (path: string, payload: unknown) => {
    const response = await t().injectAsAdmin({ method: 'POST', url: `/api/admin/physicalgold/${path}`, payload: payload as object });
    return { status: response.statusCode, body: response.json() };
  };
  const auditCount = async () => (await selectRows<{ n: number }>(t().database.db, sql`select count(*)::int as n from audit_log`))[0]!.n;

  it('lists denominations largest first with stock, redeemed, reserved and available pieces counted in the database', async () => {
    const { data, total } = await list();
    expect(total).toBe(2);
    expect(data.map((d) => d.denom)).toEqual([100, 10]);
    expect(data[1]).toMatchObject({ id: d10, denom: 10, amount: 40, redeemable: true, redeemed: 5, reserved: 5, available: 35 });
    expect(data[0]).toMatchObject({ id: d100, denom: 100, amount: 5, redeemable: false, redeemed: 1, reserved: 1, available: 4 });
    expect(data[1]!.createdAt).toMatch(/Z$/);
    // The spec's physicalGoldRedeems, aggregated per status: its formula gives the same available.
    expect(data[1]!.physicalGoldRedeems).toEqual([
      { amount: 1, redeem: { status: 'ON_WEB2' } },
      { amount: 1, redeem: { status: 'PREPARATION' } },
      { amount: 5, redeem: { status: 'REDEEMED' } },
      { amount: 6, redeem: { status: 'REJECTED' } },
      { amount: 4, redeem: { status: 'REQUESTED' } },
    ]);
    const redeemed = data[1]!.physicalGoldRedeems.filter((p) => p.redeem.status === 'REDEEMED').reduce((s, p) => s + p.amount, 0);
    expect(data[1]!.amount - redeemed).toBe(data[1]!.available);
  });

  it('pages the denominations in the database, largest first, the total beside each page', async () => {
    const page = async (query: string) =>
      (await t().injectAsAdmin({ method: 'GET', url: `/api/admin/denoms?${query}` })).json() as { data: Denomination[]; total: number };
    expect(await page('limit=1&page=0')).toMatchObject({ total: 2, data: [{ denom: 100 }] });
    expect(await page('limit=1&page=1')).toMatchObject({ total: 2, data: [{ denom: 10, available: 35 }] });
    expect(await page('limit=1&page=2')).toEqual({ total: 2, data: [] });
    expect((await page('sort=denom&order=asc')).data.map((d) => d.denom)).toEqual([10, 100]);
    const refused = await t().injectAsAdmin({ method: 'GET', url: '/api/admin/denoms?sort=amount' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toContain('sort');
  });

  it("adds a new denom as a new card with no stock ('Denom added', 201); its pieces wait for a second admin", async () => {
    const { status, body } = await post('add', { denom: 1000, amount: 3 });
    expect(status).toBe(201);
    expect(body).toMatchObject({
      result: 'Denom added',
      denomination: { denom: 1000, amount: 0, redeemable: true, redeemed: 0, reserved: 0, available: 0, physicalGoldRedeems: [] },
      confirmation: { kind: 'receipt', status: 'pending', pieceCount: 3, grams: 3000, location: { id: 1, code: 'JKT-01' } },
    });
    expect((await list()).data.map((d) => d.denom)).toEqual([1000, 100, 10]);
  });

  it("proposes pieces of an existing denom as a receipt ('Awaiting confirmation', 202): the stock does not move, the proposal is audited", async () => {
    const before = await auditCount();
    const { status, body } = await post('add', { denom: 10, amount: 7 });
    expect(status).toBe(202);
    expect(body).toMatchObject({
      result: 'Awaiting confirmation',
      denomination: { id: d10, amount: 40, available: 35 },
      confirmation: { kind: 'receipt', status: 'pending', pieceCount: 7, grams: 70, details: { placeholderCount: 7, denom: 10 } },
    });
    const [entry] = await selectRows(t().database.db, sql`select action, to_state from audit_log order by id desc limit 1`);
    expect(entry).toEqual({ action: 'confirmation.propose', to_state: 'pending' });
    expect(await auditCount()).toBe(before + 1);
    expect((await list()).data.find((d) => d.id === d10)!.amount).toBe(40);
  });

  it('shows each location beside the totals, with the pieces reserved there', async () => {
    // (The REDEEMED redemptions here were written directly, without a hand-over taking pieces: the
    // ledger's in_vault = available invariant is tested with real hand-overs in vault-ledger.test.ts.)
    const d10Card = (await list()).data.find((d) => d.id === d10)!;
    expect(d10Card.byLocation).toEqual([{ locationId: 1, code: 'JKT-01', name: 'Jakarta head office vault', available: 40, reserved: 5 }]);
  });

  it('sets whether a denomination may be requested, and says so in the audit log', async () => {
    const { status, body } = await post('setredeemable', { id: d100, redeemable: true });
    expect(status).toBe(200);
    expect(body).toMatchObject({ id: d100, redeemable: true, amount: 5 });
    const before = await auditCount();
    expect((await post('setredeemable', { id: d100, redeemable: true })).status).toBe(200);
    expect(await auditCount()).toBe(before);
    expect((await post('setredeemable', { id: d100, redeemable: false })).body.redeemable).toBe(false);
    expect(await auditCount()).toBe(before + 1);
  });

  it.each([
    ['add', { denom: 5 }, 'body.amount'],
    ['add', { amount: 5 }, 'body.denom'],
    ['add', { denom: -5, amount: 1 }, 'body.denom: denom must be a positive number of grams'],
    ['add', { denom: 0, amount: 1 }, 'body.denom: denom must be a positive number of grams'],
    ['add', { denom: 2.5, amount: 1 }, 'body.denom: denom must be a whole number of grams'],
    ['add', { denom: '5', amount: 1 }, 'body.denom'],
    ['add', { denom: 5, amount: 0 }, 'body.amount: amount must be positive'],
    ['add', { denom: 5, amount: -3 }, 'body.amount: amount must be positive'],
    ['add', { denom: 5, amount: 1.5 }, 'body.amount: amount must be a whole number'],
    ['add', { denom: 5, amount: 100001 }, 'body.amount: amount must be at most 100000'],
    ['add', { denom: 5, amount: 1, redeemable: false }, 'redeemable'],
    ['setredeemable', { id: 1 }, 'body.redeemable'],
    ['setredeemable', { id: 1, redeemable: 'yes' }, 'body.redeemable'],
    ['setredeemable', { id: '1', redeemable: true }, 'body.id'],
    ['setredeemable', { id: -1, redeemable: true }, 'body.id'],
  ])('%s %j answers 400 naming %s, writing nothing', async (path, payload, named) => {
    const before = await auditCount();
    const stock = await list();
    const { status, body } = await post(path, payload);
    expect(status).toBe(400);
    expect(body.message).toContain(named);
    expect(await auditCount()).toBe(before);
    expect(await list()).toEqual(stock);
  });

  it('answers 404 for an unknown denomination', async () => {
    const { status, body } = await post('setredeemable', { id: 999999, redeemable: true });
    expect(status).toBe(404);
    expect(body.message).toBe('Denomination 999999 not found');
  });

  it('answers 401 without a session', async () => {
    expect((await t().app.inject({ method: 'GET', url: '/api/admin/denoms' })).statusCode).toBe(401);
    expect(
      (await t().app.inject({ method: 'POST', url: '/api/admin/physicalgold/add', payload: { denom: 5, amount: 1 } })).statusCode,
    ).toBe(401);
  });
});
