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
    expect(allowedRedemptionActions('PREPARATION', false)).toEqual(['prepare', 'sendotp', 'checkotp', 'identity-check', 'reject']);
    expect(allowedRedemptionActions('PREPARATION', true)).toEqual([
      'prepare',
      'sendotp',
      'checkotp',
      'identity-check',
      'approve',
      'reject',
    ]);
    expect(redemptionStatuses.map(isOpenRedemption)).toEqual([true, true, false, false, false]);
  });

  it('at the counter: approve also needs the identity check and eKYC VERIFIED; a pending hand-over leaves the code actions; a teller elsewhere gets none', () => {
    const ready = { identityChecked: true, kycVerified: true, handOverPending: false, atOwnLocation: true };
    expect(allowedRedemptionActions('PREPARATION', true, { ...ready, identityChecked: false })).not.toContain('approve');
    expect(allowedRedemptionActions('PREPARATION', true, { ...ready, kycVerified: false })).not.toContain('approve');
    expect(allowedRedemptionActions('PREPARATION', true, { ...ready, handOverPending: true })).toEqual(['sendotp', 'checkotp']);
    expect(allowedRedemptionActions('REJECTED', false, { ...ready, handOverPending: true })).toEqual([]);
    expect(allowedRedemptionActions('PREPARATION', true, { ...ready, atOwnLocation: false })).toEqual([]);
    expect(redemptionRefusal('identity-check', 'REQUESTED')).toMatch(
      /^Cannot record an identity check for a redemption that is REQUESTED: /,
    );
  });

  it('allows only reset after a rejection, and nothing after a hand-over at the counter or off-platform (its tokens are burned)', () => {
    expect(allowedRedemptionActions('REJECTED', true)).toEqual(['reset']);
    expect(allowedRedemptionActions('ON_WEB2', true)).toEqual([]);
    expect(allowedRedemptionActions('REDEEMED', true)).toEqual([]);
    expect(redemptionStatusAllows('REQUESTED', 'prepare')).toBe(false);
  });

  it('keeps one list of open statuses: the ones a code can be sent, checked and rejected from; a hand-over needs PREPARATION', () => {
    expect(openRedemptionStatuses).toEqual(['REQUESTED', 'PREPARATION']);
    expect(redemptionStatuses.filter(isOpenRedemption)).toEqual(openRedemptionStatuses);
    for (const action of ['sendotp', 'checkotp', 'reject'] as const)
      expect(redemptionLifecycle[action].from).toEqual(openRedemptionStatuses);
    // Escrow final is what moves REQUESTED to PREPARATION: gold goes out only against it.
    expect(redemptionLifecycle.approve.from).toEqual(['PREPARATION']);
    expect(redemptionLifecycle.prepare.from).toEqual(['PREPARATION']);
  });

  it('names the action and the status in a refusal, and says why where the status alone does not', () => {
    expect(redemptionRefusal('approve', 'REJECTED')).toBe('Cannot approve a redemption that is REJECTED');
    expect(redemptionRefusal('sendotp', 'REDEEMED')).toBe('Cannot send a code for a redemption that is REDEEMED');
    expect(redemptionRefusal('approve', 'REQUESTED')).toBe(
      "Cannot approve a redemption that is REQUESTED: the customer's tokens are not yet in escrow at final depth; it moves to PREPARATION when they are",
    );
    expect(redemptionRefusal('reset', 'ON_WEB2')).toMatch(/^Cannot reset a redemption that is ON_WEB2: .*the same gold twice$/);
    expect(redemptionRefusal('reset', 'REJECTED')).toBeNull();
  });
});
