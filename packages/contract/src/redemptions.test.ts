import { describe, expect, it } from 'vitest';
import { addPhysicalGoldBody, setRedeemableBody } from './denominations';
import { priceHistoryQuery } from './prices';
import {
  checkOtpBody,
  redemptionIdBody,
  redemptionListQuery,
  rejectRedemptionBody,
  setRedemptionLimitBody,
  tokenAmount,
} from './redemptions';

const message = (result: { error?: { issues: Array<{ message: string }> } }) => result.error?.issues[0]?.message;

describe('redemption list query', () => {
  it('defaults to newest first and filters by one status', () => {
    expect(redemptionListQuery.parse({})).toEqual({ sort: 'createdAt', order: 'desc' });
    expect(redemptionListQuery.parse({ limit: '10', page: '0', status: 'REQUESTED' })).toMatchObject({
      limit: 10,
      page: 0,
      status: 'REQUESTED',
    });
    expect(redemptionListQuery.safeParse({ status: 'requested' }).success).toBe(false);
    expect(redemptionListQuery.safeParse({ sort: 'customerId' }).success).toBe(false);
    expect(redemptionListQuery.safeParse({ userId: '1' }).success).toBe(false);
  });
});

describe('redemption action bodies', () => {
  it('take a JSON number id, nothing else', () => {
    expect(redemptionIdBody.parse({ id: 7 })).toEqual({ id: 7 });
    for (const id of ['7', 0, -1, 1.5, 2 ** 31, null]) expect(redemptionIdBody.safeParse({ id }).success, String(id)).toBe(false);
    expect(redemptionIdBody.safeParse({ id: 7, status: 'REDEEMED' }).success).toBe(false);
  });

  it('take a 6-digit code as text', () => {
    expect(checkOtpBody.parse({ id: 1, otp: '012345' })).toEqual({ id: 1, otp: '012345' });
    for (const otp of ['12345', '1234567', '12345a', 123456, ' 123456']) {
      expect(checkOtpBody.safeParse({ id: 1, otp }).success, String(otp)).toBe(false);
    }
  });

  it('need a non-empty, bounded reject reason', () => {
    expect(rejectRedemptionBody.parse({ id: 1, reason: ' none ' })).toEqual({ id: 1, reason: 'none' });
    expect(message(rejectRedemptionBody.safeParse({ id: 1, reason: '   ' }))).toBe('reason is required');
    expect(message(rejectRedemptionBody.safeParse({ id: 1, reason: 'x'.repeat(501) }))).toBe('reason must be at most 500 characters');
    expect(rejectRedemptionBody.parse({ id: 1, reason: 'Tidak datang\n\tdua kali 🙁' }).reason).toBe('Tidak datang\n\tdua kali 🙁');
    for (const reason of ['a\u0000b', 'bell\u0007', 'half \uD83D', '\uDE41 half']) {
      expect(message(rejectRedemptionBody.safeParse({ id: 1, reason })), JSON.stringify(reason)).toBe(
        'reason must be plain text (no control characters)',
      );
    }
  });
});

describe('limit, stock and price input', () => {
  it('takes a limit from the list only', () => {
    expect(setRedemptionLimitBody.parse({ newlimit: 250 })).toEqual({ newlimit: 250 });
    for (const newlimit of [50, 0, '250', 250.5]) {
      expect(message(setRedemptionLimitBody.safeParse({ newlimit })), String(newlimit)).toBe(
        'newlimit must be one of 5, 10, 25, 100, 250, 500, 1000',
      );
    }
  });

  it('takes positive whole grams and pieces', () => {
    expect(addPhysicalGoldBody.parse({ denom: 50, amount: 3 })).toEqual({ denom: 50, amount: 3 });
    expect(message(addPhysicalGoldBody.safeParse({ denom: -5, amount: 3 }))).toBe('denom must be a positive number of grams');
    expect(message(addPhysicalGoldBody.safeParse({ denom: 5, amount: 1.5 }))).toBe('amount must be a whole number');
    expect(setRedeemableBody.safeParse({ id: 1, redeemable: 'true' }).success).toBe(false);
  });

  it('bounds the price history', () => {
    expect(priceHistoryQuery.parse({})).toEqual({ days: 30 });
    expect(priceHistoryQuery.parse({ days: '180' })).toEqual({ days: 180 });
    expect(priceHistoryQuery.safeParse({ days: '0' }).success).toBe(false);
    expect(priceHistoryQuery.safeParse({ days: '400' }).success).toBe(false);
  });

  it('writes token amounts as decimal text', () => {
    for (const ok of ['25', '0.3', '1000.123456789012345678']) expect(tokenAmount.safeParse(ok).success, ok).toBe(true);
    for (const bad of ['1e3', '', '1.', 'NaN']) expect(tokenAmount.safeParse(bad).success, bad).toBe(false);
  });
});
