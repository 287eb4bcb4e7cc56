import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { HandOverReceipt } from '@gold/contract';
import { describeEachEngine, testAdmin } from '../../test/test-app';
import { selectRows } from '../../db/client';
import { checkIdentity, insertCustomer, insertDenomination, insertRedemption } from '../../test/redemption-fixtures';
import { startMailCatcher } from '../mail/mail-catcher';
import { maskNik } from './receipts.repository';

const catcher = await startMailCatcher();
afterAll(() => catcher.close());

it('masks every digit of the NIK but the last 4', () => {
  expect(maskNik('3201014506900007')).toBe('************0007');
  expect(maskNik(null)).toBeNull();
});

describeEachEngine(
  'hand-over receipt (GET /admin/redeem/{id}/receipt)',
  (t) => {
    let redemptionId: number;
    let email: string;

    beforeAll(async () => {
      const db = t().database.db;
      const customer = await insertCustomer(db, 'Siti Nurhaliza');
      email = customer.email;
      await db.execute(sql`update customers set nik = '3201014506900007' where id = ${customer.id}`);
      const d5 = await insertDenomination(db, 5, 10);
      const d25 = await insertDenomination(db, 25, 10);
      redemptionId = await insertRedemption(db, {
        customerId: customer.id,
        status: 'PREPARATION',
        appointmentDate: '2026-12-03',
        timeSlot: 10,
        pieces: [
          { denominationId: d5, denom: 5, amount: 3 },
          { denominationId: d25, denom: 25, amount: 2 },
        ],
      });
    });

    const receipt = (id: number) => t().injectAsAdmin({ url: `/api/admin/redeem/${id}/receipt` });
    const post = (action: string, payload: object) => t().injectAsAdmin({ method: 'POST', url: `/api/admin/redeem/${action}`, payload });

    it('is refused (409) before the gold is handed over, and 404 for an unknown redemption', async () => {
      const early = await receipt(redemptionId);
      expect(early.statusCode).toBe(409);
      expect(early.json().message).toBe(`Only a REDEEMED redemption has a hand-over receipt: redemption ${redemptionId} is PREPARATION`);
      expect((await receipt(999_999)).statusCode).toBe(404);
    });

    it('holds what the counter printed: customer with a masked NIK, location, pieces and serials, totals, collection, checks and approval', async () => {
      expect((await post('sendotp', { id: redemptionId })).statusCode).toBe(200);
      const code = /: (\d{6})\n/.exec(catcher.messages().find((m) => m.to.includes(email))!.text)![1]!;
      expect((await post('checkotp', { id: redemptionId, otp: code })).statusCode).toBe(200);
      await checkIdentity(t().injectAsAdmin, redemptionId, { documentType: 'KTP', last4: '0007' });
      expect((await post('approve', { id: redemptionId })).statusCode).toBe(200);
      // What left the vault, as the ledger holds it: the receipt prints exactly these serials.
      const handedOver = await selectRows<{ serial: string; denom: number; refiner: string; fineness: number; placeholder: boolean }>(
        t().database.db,
        sql`select p.serial, d.denom, p.refiner, p.fineness::float8 as fineness, p.placeholder
              from vault_pieces p join gold_denominations d on d.id = p.denomination_id
             where p.redemption_id = ${redemptionId} and p.status = 'handed_over' order by d.denom desc, p.serial`,
      );
      expect(handedOver.map((p) => p.denom)).toEqual([25, 25, 5, 5, 5]);

      const response = await receipt(redemptionId);
      expect(response.statusCode).toBe(200);
      const body = response.json<HandOverReceipt>();
      expect(body).toEqual({
        redemptionId,
        customer: { fullName: 'Siti Nurhaliza', nikMasked: '************0007' },
        pieces: [
          { denom: 25, amount: 2, grams: 50 },
          { denom: 5, amount: 3, grams: 15 },
        ],
        totalGrams: '65',
        totalFee: '0.5',
        appointmentDate: '2026-12-03',
        timeSlot: 10,
        codeCheckedAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
        approvedAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
        approvedBy: { id: expect.any(Number), fullName: testAdmin.fullName },
        confirmedBy: null,
        confirmedAt: null,
        location: { id: 1, code: 'JKT-01', name: expect.any(String) },
        identityCheck: {
          documentType: 'KTP',
          last4: '0007',
          checkedAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
          checkedBy: { id: expect.any(Number), fullName: testAdmin.fullName },
        },
        serials: handedOver,
      });
      expect(Date.parse(body.codeCheckedAt!)).toBeLessThanOrEqual(Date.parse(body.approvedAt!));
      expect(response.body).not.toContain('3201014506900007');
    });

    it('has one for a redemption handed over before approvals were audited (seeded history): approval not recorded', async () => {
      const db = t().database.db;
      const customer = await insertCustomer(db, 'Bambang Pamungkas');
      const d10 = await insertDenomination(db, 10, 5);
      const handedOver = await insertRedemption(db, {
        customerId: customer.id,
        status: 'REDEEMED',
        appointmentDate: '2026-11-02',
        timeSlot: 14,
        pieces: [{ denominationId: d10, denom: 10, amount: 2 }],
      });
      const response = await receipt(handedOver);
      expect(response.statusCode).toBe(200);
      expect(response.json<HandOverReceipt>()).toEqual({
        redemptionId: handedOver,
        customer: { fullName: 'Bambang Pamungkas', nikMasked: null },
        pieces: [{ denom: 10, amount: 2, grams: 20 }],
        totalGrams: '20',
        totalFee: '0.2',
        appointmentDate: '2026-11-02',
        timeSlot: 14,
        codeCheckedAt: null,
        approvedAt: null,
        approvedBy: null,
        confirmedBy: null,
        confirmedAt: null,
        location: { id: 1, code: 'JKT-01', name: expect.any(String) },
        // Handed over before the counter recorded checks and the vault kept serials: none recorded.
        identityCheck: null,
        serials: [],
      });
    });

    it('answers 401 without a session', async () => {
      expect((await t().app.inject({ url: `/api/admin/redeem/${redemptionId}/receipt` })).statusCode).toBe(401);
    });
  },
  { env: { SMTP_URL: catcher.smtpUrl } },
);
