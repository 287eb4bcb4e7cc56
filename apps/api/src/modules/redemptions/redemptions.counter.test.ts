import { sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import type { Confirmation, HandOverReceipt, RedemptionDetail, RedemptionHistoryEntry } from '@gold/contract';
import { beforeAll, expect, it } from 'vitest';
import { selectRows } from '../../db/client';
import { describeEachEngine, insertTestAdmin, signInCookie, testAdmin } from '../../test/test-app';
import { checkIdentity, insertCustomer, insertDenomination, insertRedemption, markCodeChecked } from '../../test/redemption-fixtures';

/**
 * The counter (issue 32): the identity document recorded, approve refused without it, a teller
 * limited to their location, and a hand-over above HANDOVER_CONFIRMATION_GRAMS (100 g by default)
 * proposed by one admin and handed over only when another confirms it.
 */
describeEachEngine('the counter: identity check, location, four eyes on large hand-overs', (t) => {
  let customerId: number;
  let d10: number;
  let surabaya: number;
  const cookies = { teller: '', second: '' };
  let secondId: number;

  beforeAll(async () => {
    const { db } = t().database;
    customerId = (await insertCustomer(db, 'Wulan Sari')).id;
    d10 = await insertDenomination(db, 10, 40);
    [{ id: surabaya }] = (await selectRows<{ id: number }>(
      db,
      sql`insert into vault_locations (code, name) values ('SBY-01', 'Surabaya branch vault') returning id`,
    )) as [{ id: number }];
    const teller = await insertTestAdmin(t().database, { email: 'teller.sby@example.com', fullName: 'Teller Surabaya' });
    await db.execute(sql`update admins set role = 'Teller', location_id = ${surabaya} where id = ${teller.id}`);
    cookies.teller = await signInCookie(t().app, { email: 'teller.sby@example.com', password: testAdmin.password });
    const second = await insertTestAdmin(t().database, { email: 'counter.checker@example.com', fullName: 'Rudi Hartono' });
    secondId = second.id;
    cookies.second = await signInCookie(t().app, { email: 'counter.checker@example.com', password: testAdmin.password });
  });

  const as = (who: keyof typeof cookies) => (options: InjectOptions) =>
    t().app.inject({ ...options, headers: { ...(options.headers ?? {}), cookie: cookies[who] } });
  const post = (action: string, payload: object) => t().injectAsAdmin({ method: 'POST', url: `/api/admin/redeem/${action}`, payload });
  const detail = async (id: number) => (await t().injectAsAdmin({ url: `/api/admin/redeem/${id}` })).json<RedemptionDetail>();
  const newRedemption = (pieces: number) =>
    insertRedemption(t().database.db, { customerId, status: 'PREPARATION', pieces: [{ denominationId: d10, denom: 10, amount: pieces }] });
  /** The pieces the ledger handed over for a redemption, as its hand-over movements name them. */
  const movedOut = (id: number) =>
    selectRows<{ serial: string; makerId: number; checkerId: number | null; confirmationId: number | null }>(
      t().database.db,
      sql`select p.serial, m.maker_id as "makerId", m.checker_id as "checkerId", m.confirmation_id as "confirmationId"
            from vault_movements m join vault_pieces p on p.id = m.piece_id
           where m.kind = 'hand_over' and m.redemption_id = ${id} order by p.serial`,
    );

  it('records the identity document (appended, the latest counts); approve needs it, and hands over the serials the receipt prints', async () => {
    const id = await newRedemption(2);
    await markCodeChecked(t().database.db, id);
    expect(await detail(id)).toMatchObject({ identityCheck: null, location: { code: 'JKT-01' }, pendingConfirmation: null });
    expect((await detail(id)).allowedActions).toEqual(['prepare', 'sendotp', 'checkotp', 'identity-check', 'reject']);

    const refused = await post('approve', { id });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      'Cannot approve: no identity document has been checked at the counter for this redemption: record the check first',
    );

    await checkIdentity(t().injectAsAdmin, id, { documentType: 'SIM', last4: 'ab12' });
    const recorded = await t().injectAsAdmin({
      method: 'POST',
      url: `/api/admin/redeem/${id}/identity-check`,
      payload: { documentType: 'KTP', last4: ' 0007 ' },
    });
    expect(recorded.statusCode).toBe(201);
    expect(recorded.json<RedemptionDetail>()).toMatchObject({
      identityCheck: { documentType: 'KTP', last4: '0007', checkedBy: { fullName: testAdmin.fullName } },
      allowedActions: ['prepare', 'sendotp', 'checkotp', 'identity-check', 'approve', 'reject'],
    });
    // Evidence is appended, never rewritten.
    await expect(
      t().database.db.execute(sql`update redemption_identity_checks set last4 = '9999' where redemption_id = ${id}`),
    ).rejects.toThrow();
    const checks = await selectRows<{ n: number }>(
      t().database.db,
      sql`select count(*)::int as n from redemption_identity_checks where redemption_id = ${id}`,
    );
    expect(checks[0]!.n).toBe(2);

    const approved = await post('approve', { id });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json<RedemptionDetail>()).toMatchObject({ status: 'REDEEMED', allowedActions: [] });
    const receipt = (await t().injectAsAdmin({ url: `/api/admin/redeem/${id}/receipt` })).json<HandOverReceipt>();
    const moved = await movedOut(id);
    expect(moved).toHaveLength(2);
    expect(moved.every((m) => m.checkerId === null && m.confirmationId === null)).toBe(true);
    expect(receipt.serials.map((s) => s.serial).sort()).toEqual(moved.map((m) => m.serial));
    expect(receipt.serials.every((s) => s.denom === 10 && s.placeholder)).toBe(true);
    expect(receipt).toMatchObject({ identityCheck: { documentType: 'KTP', last4: '0007' }, confirmedBy: null });

    // Only once the tokens are in escrow, before the hand-over.
    const waiting = await insertRedemption(t().database.db, {
      customerId,
      status: 'REQUESTED',
      pieces: [{ denominationId: d10, denom: 10, amount: 1 }],
    });
    for (const target of [id, waiting]) {
      const late = await t().injectAsAdmin({
        method: 'POST',
        url: `/api/admin/redeem/${target}/identity-check`,
        payload: { documentType: 'KTP', last4: '0007' },
      });
      expect(late.statusCode).toBe(409);
      expect(late.json().message).toMatch(/^Cannot record an identity check for a redemption that is (REDEEMED|REQUESTED)/);
    }
  });

  it("a teller serves only their location's redemptions: 403 on every counter action elsewhere, and none offered", async () => {
    const jakarta = await newRedemption(1);
    const rejected = await insertRedemption(t().database.db, {
      customerId,
      status: 'REJECTED',
      pieces: [{ denominationId: d10, denom: 10, amount: 1 }],
    });
    await markCodeChecked(t().database.db, jakarta);
    await checkIdentity(t().injectAsAdmin, jakarta);
    const teller = as('teller');
    const message = `Redemption ${jakarta} is collected at JKT-01 (Jakarta head office vault); you serve the counter at SBY-01 only`;
    const attempts: Array<[string, object]> = [
      [`${jakarta}/identity-check`, { documentType: 'KTP', last4: '0007' }],
      ['sendotp', { id: jakarta }],
      ['checkotp', { id: jakarta, otp: '123456' }],
      ['approve', { id: jakarta }],
      ['prepare', { id: jakarta }],
      ['reject', { id: jakarta, reason: 'none' }],
      ['reset', { id: rejected }],
    ];
    for (const [path, payload] of attempts) {
      const response = await teller({ method: 'POST', url: `/api/admin/redeem/${path}`, payload });
      expect(response.statusCode, `${path}: ${response.body}`).toBe(403);
      if (path !== 'reset') expect(response.json().message).toBe(message);
    }
    expect((await teller({ url: `/api/admin/redeem/${jakarta}` })).json<RedemptionDetail>().allowedActions).toEqual([]);
    // An auditor reads everything and moves nothing: no action is offered.
    expect((await t().injectAs('Auditor', { url: `/api/admin/redeem/${jakarta}` })).json<RedemptionDetail>().allowedActions).toEqual([]);
    expect((await detail(jakarta)).status).toBe('PREPARATION');

    // At their own location the same teller does the counter's work.
    const local = await newRedemption(1);
    await t().database.db.execute(sql`update redemptions set location_id = ${surabaya} where id = ${local}`);
    await checkIdentity(teller, local);
    expect((await teller({ url: `/api/admin/redeem/${local}` })).json<RedemptionDetail>()).toMatchObject({
      location: { code: 'SBY-01' },
      identityCheck: { checkedBy: { fullName: 'Teller Surabaya' } },
    });
  });

  it('above the threshold: 202 and a pending confirmation; never the maker; a second admin confirms and the gold leaves', async () => {
    const id = await newRedemption(11); // 110 g > 100 g
    await markCodeChecked(t().database.db, id);
    await checkIdentity(t().injectAsAdmin, id);

    const proposed = await post('approve', { id });
    expect(proposed.statusCode, proposed.body).toBe(202);
    const confirmation = proposed.json<Confirmation>();
    expect(confirmation).toMatchObject({
      kind: 'hand_over',
      status: 'pending',
      redemptionId: id,
      grams: 110,
      pieceCount: 11,
      maker: { fullName: testAdmin.fullName },
      checker: null,
      details: { pieces: [{ denom: 10, amount: 11 }], identityCheck: { documentType: 'KTP', last4: '0007' } },
    });
    const waiting = await detail(id);
    expect(waiting).toMatchObject({
      status: 'PREPARATION',
      pendingConfirmation: { id: confirmation.id, maker: { fullName: testAdmin.fullName } },
      // The code went with the proposal; nothing that would change the redemption is offered.
      otpStatus: { verified: false },
      allowedActions: ['sendotp', 'checkotp'],
    });
    expect(await movedOut(id)).toEqual([]);
    for (const [action, payload] of [
      ['reject', { id, reason: 'none' }],
      ['prepare', { id }],
    ] as const) {
      const blocked = await post(action, payload);
      expect(blocked.statusCode).toBe(409);
      expect(blocked.json().message).toBe(
        `Cannot ${action} redemption ${id}: its hand-over waits for a second admin (confirmation ${confirmation.id}, ` +
          `proposed by ${testAdmin.fullName}); it must be confirmed, declined or withdrawn first`,
      );
    }

    // Never the maker: the API refuses, and so does the database, whatever the session.
    const own = await t().injectAsAdmin({
      method: 'POST',
      url: `/api/admin/confirmations/${confirmation.id}/confirm`,
      payload: { reauth: { password: testAdmin.password } },
    });
    expect(own.statusCode).toBe(403);
    await expect(
      t().database.db.execute(
        sql`update vault_confirmations set status = 'confirmed', checker_id = maker_id, decided_at = now() where id = ${confirmation.id}`,
      ),
    ).rejects.toThrow();
    expect((await detail(id)).status).toBe('PREPARATION');

    const confirmed = await as('second')({
      method: 'POST',
      url: `/api/admin/confirmations/${confirmation.id}/confirm`,
      payload: { reauth: { password: testAdmin.password } },
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json<Confirmation>()).toMatchObject({ status: 'confirmed', checker: { fullName: 'Rudi Hartono' } });
    expect(await detail(id)).toMatchObject({ status: 'REDEEMED', pendingConfirmation: null, allowedActions: [] });

    const moved = await movedOut(id);
    expect(moved).toHaveLength(11);
    expect(moved.every((m) => m.checkerId === secondId && m.confirmationId === confirmation.id)).toBe(true);
    const receipt = (await t().injectAsAdmin({ url: `/api/admin/redeem/${id}/receipt` })).json<HandOverReceipt>();
    expect(receipt).toMatchObject({
      approvedBy: { fullName: testAdmin.fullName },
      confirmedBy: { id: secondId, fullName: 'Rudi Hartono' },
      identityCheck: { documentType: 'KTP', last4: '0007' },
    });
    expect(Date.parse(receipt.approvedAt!)).toBeLessThanOrEqual(Date.parse(receipt.confirmedAt!));
    expect(receipt.serials.map((s) => s.serial).sort()).toEqual(moved.map((m) => m.serial));

    const history = (await t().injectAsAdmin({ url: `/api/admin/redeem/${id}/history` })).json<{ data: RedemptionHistoryEntry[] }>().data;
    expect(history.map((e) => [e.action, e.from, e.to, e.admin?.fullName, e.confirmedBy?.fullName ?? null])).toEqual([
      ['identity-check', 'PREPARATION', 'PREPARATION', testAdmin.fullName, null],
      ['hand-over-proposed', 'PREPARATION', 'PREPARATION', testAdmin.fullName, null],
      ['approve', 'PREPARATION', 'REDEEMED', testAdmin.fullName, 'Rudi Hartono'],
    ]);
  });

  it('a declined hand-over leaves the redemption as it was, without a checked code; its history says who declined it and why', async () => {
    const id = await newRedemption(12);
    await markCodeChecked(t().database.db, id);
    await checkIdentity(t().injectAsAdmin, id);
    const confirmation = (await post('approve', { id })).json<Confirmation>();
    const declined = await as('second')({
      method: 'POST',
      url: `/api/admin/confirmations/${confirmation.id}/decline`,
      payload: { reauth: { password: testAdmin.password }, reason: 'Nasabah tidak hadir' },
    });
    expect(declined.statusCode, declined.body).toBe(200);
    expect(await detail(id)).toMatchObject({
      status: 'PREPARATION',
      pendingConfirmation: null,
      identityCheck: { documentType: 'KTP' },
      otpStatus: { verified: false },
      allowedActions: ['prepare', 'sendotp', 'checkotp', 'identity-check', 'reject'],
    });
    expect(await movedOut(id)).toEqual([]);
    const history = (await t().injectAsAdmin({ url: `/api/admin/redeem/${id}/history` })).json<{ data: RedemptionHistoryEntry[] }>().data;
    expect(history.slice(-2).map((e) => [e.action, e.admin?.fullName, e.reason])).toEqual([
      ['hand-over-proposed', testAdmin.fullName, null],
      ['hand-over-declined', 'Rudi Hartono', 'Nasabah tidak hadir'],
    ]);
  });
});
