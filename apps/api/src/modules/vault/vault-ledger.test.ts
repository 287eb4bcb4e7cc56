import { sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import type { Confirmation, VaultMovement, VaultPiece } from '@gold/contract';
import { beforeAll, expect, it } from 'vitest';
import { selectRows } from '../../db/client';
import { makeCredential, nextCounterDay, platformCall, verifiedCustomer } from '../../test/platform/platform-client';
import { insertCustomer, insertDenomination, insertRedemption } from '../../test/redemption-fixtures';
import { describeEachEngine, insertTestAdmin, signInCookie, testAdmin } from '../../test/test-app';
import { assignPiecesForHandOver, handedOverPieces } from './vault-ledger';
import { stockPerDenomination } from './vault.repository';
import { lockStockForHandOver } from './vault.service';

describeEachEngine('vault ledger and four eyes', (t) => {
  const reauth = { password: testAdmin.password };
  const checker = { email: 'checker@example.com', password: testAdmin.password, fullName: 'Budi Santoso' };
  let checkerCookie: string;
  let makerId: number;
  let d10: number;
  let d5: number;
  let jkt02: number;
  let customerId: number;

  beforeAll(async () => {
    const { database, app } = t();
    await insertTestAdmin(database, checker);
    checkerCookie = await signInCookie(app, checker);
    expect((await t().injectAsAdmin({ method: 'GET', url: '/api/admin/vault/locations' })).statusCode).toBe(200);
    makerId = (await selectRows<{ id: number }>(database.db, sql`select id from admins where email = ${testAdmin.email}`))[0]!.id;
    d10 = await insertDenomination(database.db, 10, 0);
    d5 = await insertDenomination(database.db, 5, 0);
    await insertDenomination(database.db, 25, 0);
    customerId = (await insertCustomer(database.db)).id;
    const created = await t().injectAs('Administrator', {
      method: 'POST',
      url: '/api/admin/vault/locations',
      payload: { code: 'JKT-02', name: 'Jakarta Kelapa Gading branch' },
    });
    expect(created.statusCode).toBe(201);
    jkt02 = created.json().id;
  });

  const asMaker = (method: InjectOptions['method'], url: string, payload?: object) => t().injectAsAdmin({ method, url, payload });
  const asChecker = (method: InjectOptions['method'], url: string, payload?: object) =>
    t().app.inject({ method, url, payload, headers: { cookie: checkerCookie } });
  const confirm = (id: number) => asChecker('POST', `/api/admin/confirmations/${id}/confirm`, { reauth });
  const confirmed = async (response: { statusCode: number; json(): Confirmation }) => {
    expect(response.statusCode).toBe(202);
    const answer = await confirm(response.json().id);
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json() as Confirmation;
  };
  const receive = (denom: number, serials: string[], locationId = 1) =>
    asMaker('POST', '/api/admin/vault/receipts', {
      locationId,
      denom,
      reference: 'DO-2026-118',
      pieces: serials.map((serial) => ({ serial, refiner: 'Antam', fineness: 999.9 })),
    });
  const pieces = async (query: string) =>
    ((await asMaker('GET', `/api/admin/vault/pieces?${query}`)).json() as { data: VaultPiece[] }).data;
  const amountOf = async (id: number) =>
    (await selectRows<{ amount: number }>(t().database.db, sql`select amount from gold_denominations where id = ${id}`))[0]!.amount;

  /** The ledger's invariant: per denomination, pieces in the vault (all locations) = available (stock − REDEEMED pieces). */
  const expectLedgerMatchesStock = async () => {
    const rows = await selectRows<{ denom: number; available: number; inVault: number }>(
      t().database.db,
      sql`select s.denom, s.available,
                 (select count(*)::int from vault_pieces p where p.denomination_id = s.denomination_id and p.status = 'in_vault') as "inVault"
            from (${stockPerDenomination()}) s order by s.denom`,
    );
    for (const row of rows) expect(row.inVault, `${row.denom} g`).toBe(row.available);
  };

  it('a receipt waits for a second admin: the maker cannot confirm it (from any session), the database refuses it too, another admin can', async () => {
    const proposal = await receive(10, ['ANT-10-000001', 'ANT-10-000002', 'ANT-10-000003']);
    expect(proposal.statusCode, proposal.body).toBe(202);
    const pending = proposal.json() as Confirmation;
    expect(pending).toMatchObject({
      kind: 'receipt',
      status: 'pending',
      pieceCount: 3,
      grams: 30,
      checker: null,
      location: { code: 'JKT-01' },
    });
    expect(pending.summary).toBe('Receipt of 3 × 10 g at JKT-01 (DO-2026-118)');
    expect(await amountOf(d10)).toBe(0);

    const own = await asMaker('POST', `/api/admin/confirmations/${pending.id}/confirm`, { reauth });
    expect(own.statusCode).toBe(403);
    expect(own.json().message).toContain('another admin must confirm it');
    // A second session of the same admin is still the same admin.
    const secondSession = await signInCookie(t().app, testAdmin);
    const again = await t().app.inject({
      method: 'POST',
      url: `/api/admin/confirmations/${pending.id}/confirm`,
      payload: { reauth },
      headers: { cookie: secondSession },
    });
    expect(again.statusCode).toBe(403);
    // And the database refuses maker = checker whatever writes it.
    await expect(
      t().database.db.execute(
        sql`update vault_confirmations set status = 'confirmed', checker_id = maker_id, decided_at = now() where id = ${pending.id}`,
      ),
    ).rejects.toMatchObject({ cause: { message: expect.stringContaining('"vault_confirmations_four_eyes"') } });
    expect(await amountOf(d10)).toBe(0);

    const answer = await confirm(pending.id);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toMatchObject({ status: 'confirmed', maker: { id: makerId }, checker: { fullName: 'Budi Santoso' } });
    expect(await amountOf(d10)).toBe(3);
    expect((await pieces('denominationId=' + d10)).map((p) => [p.serial, p.status, p.location.code, p.placeholder])).toEqual([
      ['ANT-10-000001', 'in_vault', 'JKT-01', false],
      ['ANT-10-000002', 'in_vault', 'JKT-01', false],
      ['ANT-10-000003', 'in_vault', 'JKT-01', false],
    ]);
    const movements = (await asMaker('GET', `/api/admin/vault/movements?kind=receipt&limit=10&page=0`)).json().data as VaultMovement[];
    expect(movements).toHaveLength(3);
    expect(movements[0]).toMatchObject({ confirmationId: pending.id, maker: { id: makerId }, checker: { fullName: 'Budi Santoso' } });
    expect((await confirm(pending.id)).statusCode).toBe(409);
    const audited = await selectRows<{ action: string }>(
      t().database.db,
      sql`select action from audit_log where entity = 'vault_confirmation' and entity_id = ${String(pending.id)} order by id`,
    );
    expect(audited.map((a) => a.action)).toEqual(['confirmation.propose', 'confirmation.confirm']);
    await expectLedgerMatchesStock();
  });

  it('keeps pieces in the vault equal to available through a transfer, a write-off, a count (missing, then found) and a hand-over', async () => {
    const [first, second, third] = await pieces(`denominationId=${d10}&status=in_vault`);
    await confirmed(await asMaker('POST', '/api/admin/vault/transfers', { pieceIds: [first!.id], toLocationId: jkt02 }));
    await expectLedgerMatchesStock();
    await confirmed(await asMaker('POST', '/api/admin/vault/write-offs', { pieceIds: [second!.id], reason: 'Scratched in transit' }));
    expect(await amountOf(d10)).toBe(2);
    await expectLedgerMatchesStock();
    // Counted at JKT-01: the third piece is not there, so it goes missing; counted again later, it is found.
    const missing = await confirmed(await asMaker('POST', '/api/admin/vault/counts', { locationId: 1, denom: 10, countedSerials: [] }));
    expect(missing.summary).toBe('Count of 10 g at JKT-01: 0 counted, 1 missing');
    expect(await amountOf(d10)).toBe(1);
    await expectLedgerMatchesStock();
    await confirmed(await asMaker('POST', '/api/admin/vault/counts', { locationId: 1, denom: 10, countedSerials: [third!.serial] }));
    expect(await amountOf(d10)).toBe(2);
    await expectLedgerMatchesStock();

    // A hand-over at JKT-02 takes the piece transferred there.
    const redemptionId = await insertRedemption(t().database.db, {
      customerId,
      status: 'PREPARATION',
      pieces: [{ denominationId: d10, denom: 10, amount: 1 }],
    });
    await t().database.db.execute(sql`update redemptions set location_id = ${jkt02} where id = ${redemptionId}`);
    const handed = await t().database.db.transaction(async (tx) => {
      await lockStockForHandOver(tx, redemptionId);
      const taken = await assignPiecesForHandOver(tx, redemptionId, { makerId, checkerId: null, confirmationId: null });
      await tx.execute(sql`update redemptions set status = 'REDEEMED' where id = ${redemptionId}`);
      return taken;
    });
    expect(handed).toEqual([
      { pieceId: first!.id, serial: first!.serial, placeholder: false, refiner: 'Antam', fineness: 999.9, denom: 10 },
    ]);
    expect(await handedOverPieces(t().database.db, redemptionId)).toEqual(handed);
    expect(await amountOf(d10)).toBe(2);
    await expectLedgerMatchesStock();
    // JKT-02 has none left: a second hand-over there is refused, naming the location.
    const another = await insertRedemption(t().database.db, {
      customerId,
      status: 'PREPARATION',
      pieces: [{ denominationId: d10, denom: 10, amount: 1 }],
    });
    await t().database.db.execute(sql`update redemptions set location_id = ${jkt02} where id = ${another}`);
    await expect(t().database.db.transaction((tx) => lockStockForHandOver(tx, another))).rejects.toMatchObject({
      statusCode: 409,
      message: "Cannot approve: not enough pieces at the redemption's location: 10 g (1 requested, 0 in the vault at JKT-02)",
    });
    await t().database.db.execute(sql`update redemptions set status = 'REJECTED', reject_reason = 'test' where id = ${another}`);
  });

  it('never lets concurrent confirmations leave a location with fewer pieces than its open redemptions reserve', async () => {
    await confirmed(await receive(5, ['UBS-5-1001', 'UBS-5-1002', 'UBS-5-1003'], jkt02));
    const reserving = await insertRedemption(t().database.db, {
      customerId,
      status: 'REQUESTED',
      pieces: [{ denominationId: d5, denom: 5, amount: 2 }],
    });
    await t().database.db.execute(sql`update redemptions set location_id = ${jkt02} where id = ${reserving}`);
    const [a, b, c] = await pieces(`denominationId=${d5}`);
    const proposals = [
      await asMaker('POST', '/api/admin/vault/write-offs', { pieceIds: [a!.id], reason: 'Damaged' }),
      await asMaker('POST', '/api/admin/vault/write-offs', { pieceIds: [b!.id], reason: 'Damaged' }),
      await asMaker('POST', '/api/admin/vault/transfers', { pieceIds: [c!.id], toLocationId: 1 }),
    ].map((r) => r.json() as Confirmation);
    const answers = await Promise.all(proposals.map((p) => confirm(p.id)));
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409, 409]);
    for (const refused of answers.filter((r) => r.statusCode === 409)) {
      expect(refused.json().message).toBe(
        'Cannot confirm: it would leave fewer pieces than open redemptions reserve: 5 g at JKT-02 (1 left, 2 reserved)',
      );
    }
    expect((await pieces(`denominationId=${d5}&locationId=${jkt02}&status=in_vault`)).length).toBe(2);
    const stillPending = await asMaker('GET', '/api/admin/confirmations?status=pending&limit=10&page=0');
    expect(stillPending.json().total).toBe(2);
    await expectLedgerMatchesStock();
    const denoms = (await asMaker('GET', '/api/admin/denoms')).json().data as { denom: number; byLocation: unknown[] }[];
    expect(denoms.find((d) => d.denom === 5)!.byLocation).toEqual([
      { locationId: 1, code: 'JKT-01', name: 'Jakarta head office vault', available: expect.any(Number), reserved: 0 },
      { locationId: jkt02, code: 'JKT-02', name: 'Jakarta Kelapa Gading branch', available: 2, reserved: 2 },
    ]);
  });

  it("checks a customer's request at the location it names (the first location unless it names another)", async () => {
    await confirmed(await receive(25, ['UBS-25-0001'], jkt02));
    const { secret } = await makeCredential(t(), ['customers', 'kyc', 'redemptions']);
    const customer = await verifiedCustomer(t(), secret);
    const body = (extra: object = {}) => ({
      customerId: customer,
      pieces: [{ denom: 25, amount: 1 }],
      appointmentDate: nextCounterDay(),
      timeSlot: 10,
      fee: '0.05',
      ...extra,
    });
    // The options say so before the request: none of the 25 g at the first location, one at JKT-02.
    const unreservedOf = async (query: string) => {
      const options = await platformCall(t(), secret, 'GET', `/redemption-options${query}`);
      expect(options.statusCode, options.body).toBe(200);
      const answer = options.json<{ location: { code: string }; denominations: { denom: number; unreserved: number }[] }>();
      return { location: answer.location.code, unreserved: answer.denominations.find((d) => d.denom === 25)!.unreserved };
    };
    expect(await unreservedOf('')).toEqual({ location: 'JKT-01', unreserved: 0 });
    expect(await unreservedOf(`?locationId=${jkt02}`)).toEqual({ location: 'JKT-02', unreserved: 1 });
    const unknown = await platformCall(t(), secret, 'GET', '/redemption-options?locationId=999');
    expect([unknown.statusCode, unknown.json().message]).toEqual([404, 'Vault location 999 not found']);
    expect((await platformCall(t(), secret, 'GET', '/redemption-options?locationId=JKT-02')).statusCode).toBe(400);

    const atFirst = await platformCall(t(), secret, 'POST', '/redemptions', body());
    expect(atFirst.statusCode).toBe(409);
    expect(atFirst.json().message).toBe('Cannot request: 25 g: 1 requested, 0 unreserved at JKT-01');
    expect((await platformCall(t(), secret, 'POST', '/redemptions', body({ locationId: 999 }))).statusCode).toBe(409);
    const there = await platformCall(t(), secret, 'POST', '/redemptions', body({ locationId: jkt02 }));
    expect(there.statusCode, there.body).toBe(201);
    const [row] = await selectRows<{ location_id: number }>(
      t().database.db,
      sql`select location_id from redemptions where id = ${there.json().id}`,
    );
    expect(row!.location_id).toBe(jkt02);
    const again = await platformCall(t(), secret, 'POST', '/redemptions', body({ locationId: jkt02 }));
    expect(again.json().message).toBe('Cannot request: 25 g: 1 requested, 0 unreserved at JKT-02');
    expect(await unreservedOf(`?locationId=${jkt02}`)).toEqual({ location: 'JKT-02', unreserved: 0 });
  });

  it('keeps movements append-only: UPDATE, DELETE and TRUNCATE are refused', async () => {
    const { db } = t().database;
    await expect(db.execute(sql`update vault_movements set note = 'edited'`)).rejects.toMatchObject({
      cause: { message: 'vault_movements is append-only: UPDATE refused' },
    });
    await expect(db.execute(sql`delete from vault_movements`)).rejects.toMatchObject({
      cause: { message: 'vault_movements is append-only: DELETE refused' },
    });
    await expect(db.execute(sql`truncate vault_movements cascade`)).rejects.toMatchObject({
      cause: { message: 'vault_movements is append-only: TRUNCATE refused' },
    });
    await expect(db.execute(sql`update vault_confirmations set summary = 'edited' where status <> 'pending'`)).rejects.toThrow();
  });

  it('declines with a reason and withdraws: only the checker declines, only the maker withdraws, nothing moves', async () => {
    const first = (await receive(10, ['ANT-10-000101'])).json() as Confirmation;
    expect((await asMaker('POST', `/api/admin/confirmations/${first.id}/decline`, { reauth, reason: 'Mine' })).statusCode).toBe(403);
    expect((await asChecker('POST', `/api/admin/confirmations/${first.id}/withdraw`)).statusCode).toBe(403);
    const wrong = await asChecker('POST', `/api/admin/confirmations/${first.id}/decline`, { reauth: { password: 'wrong' }, reason: 'No' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe('body.reauth.password: the password is wrong');
    expect((await asChecker('POST', `/api/admin/confirmations/${first.id}/decline`, { reauth })).statusCode).toBe(400);
    const declined = await asChecker('POST', `/api/admin/confirmations/${first.id}/decline`, { reauth, reason: 'No delivery note' });
    expect(declined.json()).toMatchObject({ status: 'declined', declineReason: 'No delivery note', checker: { fullName: 'Budi Santoso' } });
    const second = (await receive(10, ['ANT-10-000101'])).json() as Confirmation;
    const withdrawn = await asMaker('POST', `/api/admin/confirmations/${second.id}/withdraw`);
    expect(withdrawn.json()).toMatchObject({ status: 'withdrawn', checker: null });
    expect((await confirm(second.id)).statusCode).toBe(409);
    expect(await pieces('search=ANT-10-0001')).toEqual([]);
  });

  it.each([
    [
      'receipts',
      { locationId: 1, denom: 10, reference: 'X', pieces: [{ serial: 'A1', refiner: 'Antam', fineness: 999.9 }] },
      400,
      'serial',
    ],
    [
      'receipts',
      { locationId: 1, denom: 10, reference: 'X', pieces: [{ serial: 'ABC-1', refiner: 'Antam', fineness: 1000 }] },
      400,
      'fineness',
    ],
    ['receipts', { locationId: 1, denom: 10, reference: 'X', pieces: [] }, 400, 'pieces must list at least one piece'],
    [
      'receipts',
      {
        locationId: 1,
        denom: 10,
        reference: 'X',
        pieces: [
          { serial: 'DUP-1', refiner: 'A', fineness: 999.9 },
          { serial: 'DUP-1', refiner: 'A', fineness: 999.9 },
        ],
      },
      400,
      'pieces lists DUP-1 more than once',
    ],
    [
      'receipts',
      { locationId: 999, denom: 10, reference: 'X', pieces: [{ serial: 'ABC-1', refiner: 'Antam', fineness: 999.9 }] },
      404,
      'Vault location 999 not found',
    ],
    [
      'receipts',
      { locationId: 1, denom: 7, reference: 'X', pieces: [{ serial: 'ABC-1', refiner: 'Antam', fineness: 999.9 }] },
      409,
      '7 g is not a denomination of the vault',
    ],
    [
      'receipts',
      { locationId: 1, denom: 10, reference: 'X', pieces: [{ serial: 'ANT-10-000001', refiner: 'Antam', fineness: 999.9 }] },
      409,
      'serial ANT-10-000001 is in the ledger already',
    ],
    ['write-offs', { pieceIds: [999999], reason: 'x' }, 404, 'No piece with id 999999'],
    ['write-offs', { pieceIds: [1] }, 400, 'reason'],
    ['transfers', { pieceIds: [1, 1], toLocationId: 1 }, 400, 'pieceIds lists 1 more than once'],
    [
      'counts',
      { locationId: 1, denom: 10, countedSerials: ['NOT-IN-LEDGER'] },
      409,
      'not a 10 g piece of JKT-01 in the ledger (it comes in by a receipt or a transfer): NOT-IN-LEDGER',
    ],
    ['counts', { locationId: 1, denom: 10, countedSerials: [], extra: true }, 400, 'extra'],
  ])('refuses a bad %s proposal (%#) and writes nothing', async (path, payload, status, message) => {
    const before = await selectRows<{ n: number }>(t().database.db, sql`select count(*)::int as n from vault_confirmations`);
    const response = await asMaker('POST', `/api/admin/vault/${path}`, payload);
    expect(response.statusCode, response.body).toBe(status);
    expect(response.json().message).toContain(message);
    const after = await selectRows<{ n: number }>(t().database.db, sql`select count(*)::int as n from vault_confirmations`);
    expect(after[0]!.n).toBe(before[0]!.n);
  });

  it('exports the bar list by serial as CSV, audited', async () => {
    const response = await asMaker('GET', `/api/admin/export/pieces.csv?denominationId=${d10}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/csv');
    const lines = response.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    expect(lines[0]).toBe('serial,placeholder,refiner,fineness,denom,location,status,redemptionId,receiptReference,receivedAt');
    expect(lines[1]).toMatch(/^ANT-10-000001,false,Antam,999.9,10,JKT-02,handed_over,\d+,DO-2026-118,/);
    const [entry] = await selectRows<{ action: string; entity_id: string }>(
      t().database.db,
      sql`select action, entity_id from audit_log where action = 'export.csv' order by id desc limit 1`,
    );
    expect(entry).toEqual({ action: 'export.csv', entity_id: 'pieces' });
  });
});
