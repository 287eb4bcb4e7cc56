import { describe, expect, it } from 'vitest';
import { redemptionStatuses } from './enums';
import {
  allowedRedemptionActions,
  isOpenRedemption,
  openRedemptionStatuses,
  redemptionLifecycle,
  redemptionRefusal,
  redemptionStatusAllows,
} from './redemption-lifecycle';

describe('redemption lifecycle', () => {
  it('allows the code actions, approve (with a checked code) and reject while a request is open, and prepare from PREPARATION only', () => {
    expect(allowedRedemptionActions('REQUESTED', false)).toEqual(['sendotp', 'checkotp', 'reject']);
    expect(allowedRedemptionActions('PREPARATION', false)).toEqual(['prepare', 'sendotp', 'checkotp', 'reject']);
    expect(allowedRedemptionActions('PREPARATION', true)).toEqual(['prepare', 'sendotp', 'checkotp', 'approve', 'reject']);
    expect(redemptionStatuses.map(isOpenRedemption)).toEqual([true, true, false, false, false]);
  });

  it('allows only reset after a rejection or an off-platform fulfilment, and nothing after a hand-over', () => {
    expect(allowedRedemptionActions('REJECTED', true)).toEqual(['reset']);
    expect(allowedRedemptionActions('ON_WEB2', true)).toEqual(['reset']);
    expect(allowedRedemptionActions('REDEEMED', true)).toEqual([]);
    expect(redemptionStatusAllows('REQUESTED', 'prepare')).toBe(false);
  });

  it('keeps one list of open statuses: the ones a code can be checked, approved or rejected from', () => {
    expect(openRedemptionStatuses).toEqual(['REQUESTED', 'PREPARATION']);
    expect(redemptionStatuses.filter(isOpenRedemption)).toEqual(openRedemptionStatuses);
    for (const action of ['sendotp', 'checkotp', 'approve', 'reject'] as const)
      expect(redemptionLifecycle[action].from).toEqual(openRedemptionStatuses);
  });

  it('names the action and the status in a refusal', () => {
    expect(redemptionRefusal('approve', 'REJECTED')).toBe('Cannot approve a redemption that is REJECTED');
    expect(redemptionRefusal('sendotp', 'REDEEMED')).toBe('Cannot send a code for a redemption that is REDEEMED');
    expect(redemptionRefusal('reset', 'ON_WEB2')).toBeNull();
  });
});
