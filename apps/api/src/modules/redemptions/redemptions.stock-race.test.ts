import { sql } from 'drizzle-orm';
import { openRedemptionStatuses } from '@gold/contract';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { selectRows } from '../../db/client';
import { describeEachEngine } from '../../test/test-app';
import { startMailCatcher } from '../mail/mail-catcher';
import { checkIdentity, insertCustomer, insertDenomination, insertRedemption, recountedStock } from '../../test/redemption-fixtures';
import { addStock, checkerCookie, secondSupervisor } from '../../test/vault-fixtures';

const catcher = await startMailCatcher();
afterAll(() => catcher.close());

/**
 * Many admins approving at once over scarce stock. On PostgreSQL the approvals really run in
 * parallel (the test database's pool has 5 connections); on PGlite they queue on its one
 * connection. Either way: never oversold, no half-done redemption, counters exact.
 */
describeEachEngine(
  'approvals racing for scarce stock',
  (t) => {
    let customer: { id: number; email: string };
    beforeAll(async () => {
      customer = await insertCustomer(t().database.db, 'Rina Kartika');
    });

    const post = (action: string, payload: object) => t().injectAsAdmin({ method: 'POST', url: `/api/admin/redeem/${action}`, payload });

    /** Each redemption ready at the counter through the API: a code sent, read from the caught mail, checked; the identity document checked. */
    async function verify(ids: number[]) {
      for (const id of ids) {
        await checkIdentity(t().injectAsAdmin, id);
        expect((await post('sendotp', { id })).statusCode).toBe(200);
        const mail = catcher.messages().find((m) => m.subject.endsWith(`(#${id})`))!;
        const otp = /: (\d{6})\n/.exec(mail.text)![1]!;
        expect((await post('checkotp', { id, otp })).statusCode).toBe(200);
      }
    }

    /** For each redemption: REDEEMED with exactly one approve in the audit log, or untouched with none. */
    async function outcomes(ids: number[]) {
      return selectRows<{ id: number; status: string; approvals: number }>(
        t().database.db,
        sql`select r.id, r.status, (select count(*)::int from audit_log a where a.entity = 'redemption' and a.entity_id = r.id::text
                                     and a.action = 'redemption.approve') as approvals
            from redemptions r where r.id in ${sql.raw(`(${ids.join(',')})`)} order by r.id`,
      );
    }

    async function expectCountersExact() {
      const stock = await recountedStock(t().database.db);
      for (const d of stock) {
        expect(d.available, `${d.denom} g available`).toBeGreaterThanOrEqual(0);
        expect(d.kept, `${d.denom} g kept count`).toBe(d.redeemed);
      }
      const counts = await selectRows<{ status: string; kept: number; real: number }>(
        t().database.db,
        sql`select s.status, coalesce((select sum(n) from row_counts where table_name = 'redemptions' and bucket = s.status), 0)::int as kept,
                   (select count(*)::int from redemptions r where r.status = s.status) as real
            from (select unnest(array['REQUESTED','PREPARATION','REDEEMED','ON_WEB2','REJECTED']) as status) s`,
      );
      for (const c of counts) expect(c.kept, `${c.status} count`).toBe(c.real);
    }

    it('20 verified redemptions over stock for 5: exactly 5 are approved, 15 refused naming the denomination', async () => {
      const { db } = t().database;
      const denominationId = await insertDenomination(db, 50, 5);
      const ids: number[] = [];
      for (let i = 0; i < 20; i++) {
        ids.push(
          await insertRedemption(db, {
            customerId: customer.id,
            status: 'PREPARATION',
            pieces: [{ denominationId, denom: 50, amount: 1 }],
          }),
        );
      }
      await verify(ids);

      const responses = await Promise.all(ids.map((id) => post('approve', { id })));
      const codes = responses.map((r) => r.statusCode);
      expect(codes.filter((c) => c === 200)).toHaveLength(5);
      expect(codes.filter((c) => c === 409)).toHaveLength(15);
      for (const refused of responses.filter((r) => r.statusCode === 409)) {
        expect(refused.json().message).toBe('Cannot approve: not enough pieces in the vault: 50 g (1 requested, 0 available)');
      }

      const approved = new Set(ids.filter((_, i) => codes[i] === 200));
      for (const row of await outcomes(ids)) {
        if (approved.has(row.id)) expect(row).toMatchObject({ status: 'REDEEMED', approvals: 1 });
        else {
          expect(openRedemptionStatuses).toContain(row.status);
          expect(row.approvals).toBe(0);
        }
      }
      const denoms = (await t().injectAsAdmin({ method: 'GET', url: '/api/admin/denoms' })).json().data as Array<Record<string, number>>;
      expect(denoms.find((d) => d.id === denominationId)).toMatchObject({ amount: 5, redeemed: 5, available: 0, reserved: 15 });
      await expectCountersExact();

      // The refused ones are still verified and still waiting: more stock (received under four eyes) lets them through.
      await addStock(t(), 50, 2);
      const waiting = ids.filter((id) => !approved.has(id)).slice(0, 3);
      const late = await Promise.all(waiting.map((id) => post('approve', { id })));
      expect(late.map((r) => r.statusCode).sort(), late.map((r) => r.body).join()).toEqual([200, 200, 409]);
      await expectCountersExact();
    });

    it('approvals over overlapping denominations, with rejects, resets and stock additions beside them: never oversold, never deadlocked', async () => {
      const { db } = t().database;
      const kinds = [
        { denom: 1, id: await insertDenomination(db, 1, 6) },
        { denom: 2, id: await insertDenomination(db, 2, 6) },
        { denom: 3, id: await insertDenomination(db, 3, 6) },
      ];
      const pairOf = (i: number) => [kinds[i % 3]!, kinds[(i + 1) % 3]!];
      const approvals: number[] = [];
      for (let i = 0; i < 30; i++) {
        // Pieces listed in either order: the lock order must come from the server, not from the request.
        const pair = i % 2 ? pairOf(i) : pairOf(i).reverse();
        approvals.push(
          await insertRedemption(db, {
            customerId: customer.id,
            status: 'PREPARATION',
            pieces: pair.map((k) => ({ denominationId: k.id, denom: k.denom, amount: 1 })),
          }),
        );
      }
      await verify(approvals);
      const pieces = (i: number) => pairOf(i).map((k) => ({ denominationId: k.id, denom: k.denom, amount: 1 }));
      const rejects: number[] = [];
      const resets: number[] = [];
      for (let i = 0; i < 10; i++) {
        rejects.push(
          await insertRedemption(db, { customerId: customer.id, status: i % 2 ? 'PREPARATION' : 'REQUESTED', pieces: pieces(i) }),
        );
        resets.push(await insertRedemption(db, { customerId: customer.id, status: 'REJECTED', pieces: pieces(i + 1) }));
      }

      // Stock comes in under four eyes: proposed now, confirmed by a second admin beside the approvals.
      const checker = await checkerCookie(t());
      const proposals: number[] = [];
      for (const k of kinds) {
        const proposed = await t().injectAsAdmin({
          method: 'POST',
          url: '/api/admin/physicalgold/add',
          payload: { denom: k.denom, amount: 1 },
        });
        expect(proposed.statusCode).toBe(202);
        proposals.push(proposed.json().confirmation.id);
      }
      const all = await Promise.all([
        ...approvals.map((id) => post('approve', { id })),
        ...rejects.map((id) => post('reject', { id, reason: 'none' })),
        ...resets.map((id) => post('reset', { id })),
        ...proposals.map((id) =>
          t().app.inject({
            method: 'POST',
            url: `/api/admin/confirmations/${id}/confirm`,
            payload: { reauth: { password: secondSupervisor.password } },
            headers: { cookie: checker },
          }),
        ),
      ]);
      const approveCodes = all.slice(0, 30).map((r) => r.statusCode);
      // Rejects and the stock's confirmations all pass. A reset asks for its pieces again, so with the
      // vault over-promised here (redemptions written straight in) it passes or is refused for want of
      // unreserved pieces, depending on what the approvals and rejects beside it have done by then.
      expect([...all.slice(30, 40), ...all.slice(50)].map((r) => r.statusCode)).toEqual(Array(13).fill(200));
      for (const reset of all.slice(40, 50)) {
        expect([200, 409]).toContain(reset.statusCode);
        if (reset.statusCode === 409)
          expect(reset.json().message).toMatch(/^Cannot reset redemption \d+: not enough unreserved pieces at JKT-01: /);
      }
      expect(
        approveCodes.every((c) => c === 200 || c === 409),
        approveCodes.join(),
      ).toBe(true);
      const succeeded = approveCodes.filter((c) => c === 200).length;
      // 21 pieces at most, 2 a redemption: at most 10; at least 6 (every refused one found a kind used up).
      expect(succeeded).toBeGreaterThanOrEqual(6);
      expect(succeeded).toBeLessThanOrEqual(10);
      for (const [i, response] of all.slice(0, 30).entries()) {
        if (response.statusCode === 409)
          expect(response.json().message, String(i)).toMatch(
            /^Cannot approve: not enough pieces in the vault: \d g \(1 requested, 0 available\)/,
          );
      }
      for (const row of await outcomes(approvals)) {
        expect([row.status, row.approvals], String(row.id)).toEqual(row.status === 'REDEEMED' ? ['REDEEMED', 1] : ['PREPARATION', 0]);
      }
      expect((await outcomes(approvals)).filter((r) => r.status === 'REDEEMED')).toHaveLength(succeeded);
      expect((await recountedStock(db)).filter((d) => kinds.some((k) => k.id === d.id)).map((d) => d.amount)).toEqual([7, 7, 7]);
      await expectCountersExact();
    });

    it('one redemption approved by several admins at once is approved once', async () => {
      const { db } = t().database;
      const denominationId = await insertDenomination(db, 500, 10);
      const id = await insertRedemption(db, {
        customerId: customer.id,
        status: 'PREPARATION',
        pieces: [{ denominationId, denom: 500, amount: 2 }],
      });
      await verify([id]);
      const responses = await Promise.all(Array.from({ length: 6 }, () => post('approve', { id })));
      expect(responses.map((r) => r.statusCode).sort()).toEqual([200, 409, 409, 409, 409, 409]);
      for (const r of responses.filter((r) => r.statusCode === 409))
        expect(r.json().message).toBe('Cannot approve a redemption that is REDEEMED');
      expect(await outcomes([id])).toEqual([{ id, status: 'REDEEMED', approvals: 1 }]);
      expect((await recountedStock(db)).find((d) => d.id === denominationId)).toMatchObject({ redeemed: 2, available: 8 });
    });
  },
  // Races for stock, not four eyes: every hand-over here is approved alone, whatever its grams.
  { env: { SMTP_URL: catcher.smtpUrl, HANDOVER_CONFIRMATION_GRAMS: '100000' } },
);
