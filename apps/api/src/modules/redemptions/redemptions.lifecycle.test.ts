import { sql } from 'drizzle-orm';
import { redemptionActions, redemptionStatuses, type RedemptionAction, type RedemptionDetail, type RedemptionStatus } from '@gold/contract';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { selectRows } from '../../db/client';
import { describeEachEngine, testAdmin } from '../../test/test-app';
import { startMailCatcher } from '../mail/mail-catcher';
import {
  checkIdentity,
  insertCustomer,
  insertDenomination,
  insertEscrowDeposit,
  insertRedemption,
  markCodeChecked,
  redemptionState,
} from '../../test/redemption-fixtures';
import { demoSettlementAddresses } from '../settlement/settlement-addresses';
import { runSettlementStep } from '../settlement/settlement.service';

const catcher = await startMailCatcher();
afterAll(() => catcher.close());

/**
 * The lifecycle of ../shared/design/decisions.md as the settlement model revised it (docs/decisions.md),
 * written out again here (not imported from the code under test): a hand-over starts from
 * PREPARATION (a final escrow), and neither hand-over can be reset.
 */
const open: RedemptionStatus[] = ['REQUESTED', 'PREPARATION'];
const allowedFrom: Record<RedemptionAction, RedemptionStatus[]> = {
  prepare: ['PREPARATION'],
  sendotp: open,
  checkotp: open,
  'identity-check': ['PREPARATION'],
  approve: ['PREPARATION'],
  reject: open,
  reset: ['REJECTED'],
};
const leadsTo: Partial<Record<RedemptionAction, RedemptionStatus>> = {
  prepare: 'ON_WEB2',
  approve: 'REDEEMED',
  reject: 'REJECTED',
  reset: 'REQUESTED',
};
const refusal: Record<RedemptionAction, string> = {
  prepare: 'Cannot prepare a redemption that is',
  sendotp: 'Cannot send a code for a redemption that is',
  checkotp: 'Cannot check a code for a redemption that is',
  'identity-check': 'Cannot record an identity check for a redemption that is',
  approve: 'Cannot approve a redemption that is',
  reject: 'Cannot reject a redemption that is',
  reset: 'Cannot reset a redemption that is',
};
/** Refusals that say why. */
const notInEscrow = "the customer's tokens are not yet in escrow at final depth; it moves to PREPARATION when they are";
const burned = 'its tokens are burned; a reset could hand over the same gold twice';
const refusalMessage = (action: RedemptionAction, status: RedemptionStatus): string => {
  if ((action === 'approve' || action === 'prepare' || action === 'identity-check') && status === 'REQUESTED')
    return `${refusal[action]} REQUESTED: ${notInEscrow}`;
  if (action === 'reset' && status === 'ON_WEB2') return `${refusal.reset} ON_WEB2: its gold was handed over off-platform and ${burned}`;
  if (action === 'reset' && status === 'REDEEMED') return `${refusal.reset} REDEEMED: its gold was handed over and ${burned}`;
  return `${refusal[action]} ${status}`;
};

const checkedKtp = { documentType: 'KTP', last4: '0007' };

/** The newest code mailed to an address. */
function codeMailedTo(email: string): string {
  const mail = catcher.messages().find((m) => m.to.includes(email));
  const code = mail && /: (\d{6})\n/.exec(mail.text)?.[1];
  if (!code) throw new Error(`no code mailed to ${email}`);
  return code;
}

describeEachEngine(
  'redemption lifecycle',
  (t) => {
    let customer: { id: number; email: string };
    let d5: number;

    beforeAll(async () => {
      customer = await insertCustomer(t().database.db, 'Agus Wijaya');
      d5 = await insertDenomination(t().database.db, 5, 1000);
    });

    // The identity check's path names the redemption: POST /admin/redeem/{id}/identity-check.
    const post = async (action: string, payload: unknown) => {
      const { id, ...rest } = payload as { id: number };
      const response =
        action === 'identity-check'
          ? await t().injectAsAdmin({ method: 'POST', url: `/api/admin/redeem/${id}/identity-check`, payload: rest })
          : await t().injectAsAdmin({ method: 'POST', url: `/api/admin/redeem/${action}`, payload: payload as object });
      return { status: response.statusCode, body: response.json() };
    };
    const newRedemption = (status: RedemptionStatus) =>
      insertRedemption(t().database.db, { customerId: customer.id, status, pieces: [{ denominationId: d5, denom: 5, amount: 2 }] });
    const auditOf = (id: number) =>
      selectRows<{ action: string; fromState: string; toState: string; adminId: number; details: Record<string, unknown> | null }>(
        t().database.db,
        sql`select action, from_state as "fromState", to_state as "toState", admin_id as "adminId", details from audit_log
            where entity = 'redemption' and entity_id = ${String(id)} order by id`,
      );

    // Every action from every status: allowed ones do what the table says, refused ones answer 409
    // naming the status and change nothing. A checked code (and in PREPARATION the identity check)
    // is present throughout, so approve is decided by the status alone.
    it.each(redemptionStatuses.flatMap((status) => redemptionActions.map((action) => ({ status, action }))))(
      '$action from $status',
      async ({ status, action }) => {
        const id = await newRedemption(status);
        await markCodeChecked(t().database.db, id);
        if (status === 'PREPARATION') await checkIdentity(t().injectAsAdmin, id);
        const allowed = allowedFrom[action].includes(status);
        let payload: Record<string, unknown> = { id };
        if (action === 'reject') payload = { id, reason: 'Nasabah tidak datang' };
        if (action === 'identity-check') payload = { id, documentType: 'PASSPORT', last4: 'B123' };
        if (action === 'checkotp') {
          if (allowed) expect((await post('sendotp', { id })).status).toBe(200);
          payload = { id, otp: allowed ? codeMailedTo(customer.email) : '123456' };
        }
        const before = await redemptionState(t().database.db, id);
        const auditBefore = (await auditOf(id)).length;
        const { status: code, body } = await post(action, payload);

        if (!allowed) {
          expect(code).toBe(409);
          expect(body).toMatchObject({ statusCode: 409, error: 'Conflict', message: refusalMessage(action, status) });
          expect(await redemptionState(t().database.db, id)).toEqual(before);
          return;
        }
        expect(code, JSON.stringify(body)).toBe(action === 'identity-check' ? 201 : 200);
        const after = (await t().injectAsAdmin({ method: 'GET', url: `/api/admin/redeem/${id}` })).json() as RedemptionDetail;
        expect(after.status).toBe(leadsTo[action] ?? status);
        const entries = (await auditOf(id)).slice(auditBefore);
        const to = leadsTo[action];
        if (to) {
          expect(body).toMatchObject({ id, status: to });
          expect(entries).toEqual([
            {
              action: `redemption.${action}`,
              fromState: status,
              toState: to,
              adminId: expect.any(Number),
              // A hand-over names the burn and fee it queued; a rejection of a held escrow its refund.
              details:
                action === 'reject'
                  ? status === 'PREPARATION'
                    ? { reason: 'Nasabah tidak datang', refundId: expect.any(Number) }
                    : { reason: 'Nasabah tidak datang' }
                  : action === 'approve'
                    ? {
                        pieces: [{ denom: 5, amount: 2 }],
                        serials: [expect.stringMatching(/^PH-5G-/), expect.stringMatching(/^PH-5G-/)],
                        identityCheckId: expect.any(Number),
                        burnId: expect.any(Number),
                        feeId: null,
                        escrowTxHash: expect.any(String),
                      }
                    : action === 'prepare'
                      ? { burnId: expect.any(Number), feeId: null, escrowTxHash: expect.any(String) }
                      : null,
            },
          ]);
          // A status change ends any code and verification.
          expect(after.otpStatus).toMatchObject({ verified: false, codeExpiresAt: null });
          expect(after.details).toBe(action === 'reject' ? 'Nasabah tidak datang' : null);
        } else if (action === 'identity-check') {
          expect(entries).toEqual([
            {
              action: 'redemption.identity-check',
              fromState: status,
              toState: status,
              adminId: expect.any(Number),
              details: { documentType: 'PASSPORT', last4: 'B123' },
            },
          ]);
          expect(after.identityCheck).toMatchObject({
            documentType: 'PASSPORT',
            last4: 'B123',
            checkedBy: { fullName: testAdmin.fullName },
          });
        } else {
          expect(entries.map((e) => [e.action, e.fromState, e.toState])).toEqual([
            [`redemption.${action === 'sendotp' ? 'otp-sent' : 'otp-verified'}`, status, status],
          ]);
        }
      },
    );

    it('approve needs a code checked in the last 10 minutes', async () => {
      for (const status of ['PREPARATION'] as const) {
        const never = await newRedemption(status);
        await checkIdentity(t().injectAsAdmin, never);
        const before = await redemptionState(t().database.db, never);
        const { status: code, body } = await post('approve', { id: never });
        expect(code).toBe(409);
        expect(body.message).toBe('Cannot approve: no one-time code has been checked for this redemption in the last 10 minutes');
        expect(await redemptionState(t().database.db, never)).toEqual(before);

        const lapsed = await newRedemption(status);
        await checkIdentity(t().injectAsAdmin, lapsed);
        await markCodeChecked(t().database.db, lapsed);
        await t().database.db.execute(
          sql`update redemption_otps set verified_until = now() - interval '1 second' where redemption_id = ${lapsed}`,
        );
        expect((await post('approve', { id: lapsed })).status).toBe(409);
        expect(
          ((await t().injectAsAdmin({ method: 'GET', url: `/api/admin/redeem/${lapsed}` })).json() as RedemptionDetail).allowedActions,
        ).not.toContain('approve');
      }
    });

    it('reject, reset and approve again: the reason and the verification go with the reset, the history keeps everything', async () => {
      const id = await newRedemption('PREPARATION');
      await markCodeChecked(t().database.db, id);
      expect((await post('reject', { id, reason: '  Identitas tidak cocok  ' })).body).toMatchObject({
        status: 'REJECTED',
        details: 'Identitas tidak cocok',
      });
      const reset = (await post('reset', { id })).body as RedemptionDetail;
      expect(reset).toMatchObject({
        status: 'REQUESTED',
        details: null,
        otpStatus: { verified: false },
        allowedActions: ['sendotp', 'checkotp', 'reject'],
      });
      // The rejection refunded the escrow: nothing can be handed over until the customer escrows again.
      expect((await post('approve', { id })).status).toBe(409);
      await insertEscrowDeposit(t().database.db, id);
      await runSettlementStep(t().database.db, demoSettlementAddresses);
      expect((await post('approve', { id })).body.message).toBe(
        'Cannot approve: no one-time code has been checked for this redemption in the last 10 minutes',
      );
      expect((await post('sendotp', { id })).status).toBe(200);
      expect((await post('checkotp', { id, otp: codeMailedTo(customer.email) })).status).toBe(200);
      expect((await post('approve', { id })).body.message).toBe(
        'Cannot approve: no identity document has been checked at the counter for this redemption: record the check first',
      );
      await checkIdentity(t().injectAsAdmin, id);
      expect((await post('approve', { id })).body).toMatchObject({ status: 'REDEEMED', allowedActions: [] });

      const history = (await t().injectAsAdmin({ method: 'GET', url: `/api/admin/redeem/${id}/history` })).json();
      expect(
        history.data.map((e: { action: string; from: string; to: string; reason: string | null }) => [e.action, e.from, e.to, e.reason]),
      ).toEqual([
        ['reject', 'PREPARATION', 'REJECTED', 'Identitas tidak cocok'],
        ['reset', 'REJECTED', 'REQUESTED', null],
        ['escrow-confirmed', 'REQUESTED', 'PREPARATION', null],
        ['otp-sent', 'PREPARATION', 'PREPARATION', null],
        ['otp-verified', 'PREPARATION', 'PREPARATION', null],
        ['identity-check', 'PREPARATION', 'PREPARATION', null],
        ['approve', 'PREPARATION', 'REDEEMED', null],
      ]);
      expect(history.data[0]).toMatchObject({
        admin: { fullName: testAdmin.fullName },
        occurredAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT.*Z$/),
      });
    });

    it('prepare moves PREPARATION to ON_WEB2 without touching the vault, burns the tokens, and cannot be reset', async () => {
      const stock = async () =>
        (
          (await t().injectAsAdmin({ method: 'GET', url: '/api/admin/denoms' })).json().data as Array<{
            id: number;
            available: number;
            reserved: number;
          }>
        ).find((d) => d.id === d5)!;
      const before = await stock();
      const id = await newRedemption('PREPARATION');
      expect((await stock()).reserved).toBe(before.reserved + 2);
      expect((await post('prepare', { id })).body).toMatchObject({ status: 'ON_WEB2', allowedActions: [] });
      expect(await stock()).toMatchObject({ available: before.available, reserved: before.reserved });
      const burns = await selectRows<{ kind: string; amount: string; state: string }>(
        t().database.db,
        sql`select kind, trim_scale(amount)::text as amount, state from chain_transactions where redemption_id = ${id}`,
      );
      expect(burns).toEqual([{ kind: 'burn', amount: '10', state: 'queued' }]);
      expect((await post('reset', { id })).status).toBe(409);
    });

    it.each(['PENDING', 'UNVERIFIED', 'REJECTED'] as const)(
      'refuses to hand over to a customer whose eKYC is %s, writing nothing',
      async (ekycStatus) => {
        const db = t().database.db;
        const unverified = await insertCustomer(db, 'Budi Santoso');
        await db.execute(sql`update customers set ekyc_status = ${ekycStatus} where id = ${unverified.id}`);
        const id = await insertRedemption(db, {
          customerId: unverified.id,
          status: 'PREPARATION',
          pieces: [{ denominationId: d5, denom: 5, amount: 2 }],
        });
        await markCodeChecked(db, id);
        await checkIdentity(t().injectAsAdmin, id);
        const stockOf = async () =>
          (await selectRows<{ amount: number }>(db, sql`select amount from gold_denominations where id = ${d5}`))[0];
        const [before, stockBefore, auditBefore] = [await redemptionState(db, id), await stockOf(), (await auditOf(id)).length];
        const { status, body } = await post('approve', { id });
        expect(status).toBe(409);
        expect(body.message).toBe(
          `Cannot approve: the customer's eKYC status is ${ekycStatus}; gold is handed over only to customers whose eKYC is VERIFIED`,
        );
        expect(await redemptionState(db, id)).toEqual(before);
        expect(await stockOf()).toEqual(stockBefore);
        expect((await auditOf(id)).length).toBe(auditBefore);
        // Verified since: the same redemption is handed over.
        await db.execute(sql`update customers set ekyc_status = 'VERIFIED' where id = ${unverified.id}`);
        expect((await post('approve', { id })).body).toMatchObject({ status: 'REDEEMED' });
      },
    );

    it('answers 404 for an unknown id on every action, writing nothing', async () => {
      const audit = async () => (await selectRows<{ n: number }>(t().database.db, sql`select count(*)::int as n from audit_log`))[0]!.n;
      const before = await audit();
      for (const action of redemptionActions) {
        const payload = {
          id: 2_000_000_000,
          ...(action === 'reject' ? { reason: 'none' } : action === 'checkotp' ? { otp: '000000' } : {}),
        };
        const { status, body } = await post(action, action === 'identity-check' ? { ...payload, ...checkedKtp } : payload);
        expect(status, action).toBe(404);
        expect(body.message).toBe('Redemption 2000000000 not found');
      }
      expect(await audit()).toBe(before);
    });

    it('answers 401 without a session, before anything else', async () => {
      for (const action of redemptionActions) {
        const url = action === 'identity-check' ? '/api/admin/redeem/1/identity-check' : `/api/admin/redeem/${action}`;
        const response = await t().app.inject({ method: 'POST', url, payload: { id: 1 } });
        expect(response.statusCode).toBe(401);
      }
    });
  },
  { env: { SMTP_URL: catcher.smtpUrl } },
);
