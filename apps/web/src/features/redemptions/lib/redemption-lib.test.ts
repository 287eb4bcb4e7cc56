import { describe, expect, it } from 'vitest';
import { paths } from '@/config/paths';
import { parseRedemptionId } from './redemption-links';
import { statusColor } from './redemption-status';
import { offeredTransitions } from './status-transitions';
import { otpProblem, reasonProblem } from './validation';

describe('redemption helpers', () => {
  it('colours statuses as the spec says: REQUESTED and PREPARATION warning, REDEEMED and ON_WEB2 success, any other error', () => {
    expect(['REQUESTED', 'PREPARATION', 'REDEEMED', 'ON_WEB2', 'REJECTED', 'SOMETHING_NEW'].map(statusColor)).toEqual([
      'warning',
      'warning',
      'success',
      'success',
      'error',
      'error',
    ]);
  });

  it('reads an id from ?id= only when it is a positive whole number in the database range', () => {
    expect(['1', '42', '2147483647'].map(parseRedemptionId)).toEqual([1, 42, 2_147_483_647]);
    expect([null, '', '0', '-1', '1.5', 'abc', '01', '2147483648', '1e3'].map(parseRedemptionId)).toEqual(Array(9).fill(null));
    expect(paths.app.redemptionDetail.getHref(42)).toBe('/redemption-list/detail?id=42');
  });

  it('offers the status changes the server allows, in the spec’s order and words, and never the code actions', () => {
    expect(offeredTransitions({ allowedActions: ['prepare', 'sendotp', 'checkotp', 'approve', 'reject'] }).map((t) => t.label)).toEqual([
      'Approve',
      'Reject',
      'Redeemed',
    ]);
    expect(offeredTransitions({ allowedActions: ['reset'] }).map((t) => [t.label, t.to])).toEqual([['On Confirmation', 'REQUESTED']]);
    expect(offeredTransitions({ allowedActions: [] })).toEqual([]);
  });

  it('accepts a code of exactly 6 digits', () => {
    expect(otpProblem('012345')).toBeNull();
    expect(otpProblem(' 012345 ')).toBeNull();
    expect(otpProblem('')).toBe('Enter the 6-digit code the customer received.');
    for (const text of ['12345', '1234567', '12345a', '١٢٣٤٥٦', '12 456'])
      expect(otpProblem(text)).toBe('The code is exactly 6 digits (0-9).');
  });

  it('accepts a reject reason of plain text up to 500 characters', () => {
    expect(reasonProblem('Customer did not come')).toBeNull();
    expect(reasonProblem('Line one\nline two')).toBeNull();
    expect(reasonProblem('  ')).toBe('Enter the reason for rejecting this redemption.');
    expect(reasonProblem('x'.repeat(501))).toBe('The reason can have at most 500 characters.');
    expect(reasonProblem('bad\u0000byte')).toBe('The reason must be plain text (no control characters).');
  });
});
