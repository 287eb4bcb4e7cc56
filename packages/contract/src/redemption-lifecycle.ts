import type { RedemptionStatus } from './enums';
import type { RedemptionAction } from './redemptions';

/**
 * Still awaiting an answer: a code can be sent and checked, and the request approved or rejected.
 * Their pieces are reserved in the vault. The one list of them: code and SQL build on it.
 */
export const openRedemptionStatuses = ['REQUESTED', 'PREPARATION'] as const satisfies readonly RedemptionStatus[];

interface LifecycleRule {
  /** Statuses the action is allowed from. */
  from: readonly RedemptionStatus[];
  /** The status it leads to; null keeps the status (the one-time code actions). */
  to: RedemptionStatus | null;
  /** How a refusal names the action: "Cannot <verb> a redemption that is REJECTED". */
  verb: string;
  /** Also needs a code checked in the last 10 minutes. */
  needsCheckedCode?: true;
  /** Also needs the counter's ready state: an identity check recorded and the customer's eKYC VERIFIED. */
  needsCounterChecks?: true;
  /** Refused while a hand-over of the redemption waits for a second admin (it would change what is being confirmed). */
  blockedByPendingHandOver?: true;
  /** Statuses whose refusal says more than "Cannot <verb> a redemption that is <status>". */
  refusals?: Partial<Record<RedemptionStatus, string>>;
}

/**
 * The redemption lifecycle (../shared/design/decisions.md, and the settlement model in the
 * project's docs/decisions.md): the one table the server enforces and the console offers its
 * actions from. Escrow confirmation (REQUESTED -> PREPARATION) is the backend's, when the
 * customer's escrow transfer is final; so a hand-over (approve at the counter, prepare off-platform)
 * starts from PREPARATION only. Both queue the burn of the tokens, so neither can be reset.
 */
export const redemptionLifecycle: Readonly<Record<RedemptionAction, LifecycleRule>> = {
  prepare: {
    from: ['PREPARATION'],
    to: 'ON_WEB2',
    verb: 'prepare',
    blockedByPendingHandOver: true,
    refusals: { REQUESTED: notYetInEscrow('prepare') },
  },
  sendotp: { from: openRedemptionStatuses, to: null, verb: 'send a code for' },
  checkotp: { from: openRedemptionStatuses, to: null, verb: 'check a code for' },
  // The teller's record of the document looked at: only once the tokens are in escrow, just before a hand-over.
  'identity-check': {
    from: ['PREPARATION'],
    to: null,
    verb: 'record an identity check for',
    blockedByPendingHandOver: true,
    refusals: { REQUESTED: notYetInEscrow('record an identity check for') },
  },
  approve: {
    from: ['PREPARATION'],
    to: 'REDEEMED',
    verb: 'approve',
    needsCheckedCode: true,
    needsCounterChecks: true,
    blockedByPendingHandOver: true,
    refusals: { REQUESTED: notYetInEscrow('approve') },
  },
  reject: { from: openRedemptionStatuses, to: 'REJECTED', verb: 'reject', blockedByPendingHandOver: true },
  reset: {
    from: ['REJECTED'],
    to: 'REQUESTED',
    verb: 'reset',
    blockedByPendingHandOver: true,
    refusals: {
      ON_WEB2:
        'Cannot reset a redemption that is ON_WEB2: its gold was handed over off-platform and its tokens are burned; a reset could hand over the same gold twice',
      REDEEMED:
        'Cannot reset a redemption that is REDEEMED: its gold was handed over and its tokens are burned; a reset could hand over the same gold twice',
    },
  },
};

function notYetInEscrow(verb: string): string {
  return `Cannot ${verb} a redemption that is REQUESTED: the customer's tokens are not yet in escrow at final depth; it moves to PREPARATION when they are`;
}

/** The actions that change the status (the others send and check the one-time code). */
export type RedemptionStatusChange = 'prepare' | 'approve' | 'reject' | 'reset';

/** Whether the status allows the action (approve also needs a checked code: `allowedRedemptionActions`). */
export function redemptionStatusAllows(status: RedemptionStatus, action: RedemptionAction): boolean {
  return redemptionLifecycle[action].from.includes(status);
}

/** Why the action is refused in this status, or null when the status allows it. */
export function redemptionRefusal(action: RedemptionAction, status: RedemptionStatus): string | null {
  if (redemptionStatusAllows(status, action)) return null;
  const rule = redemptionLifecycle[action];
  return rule.refusals?.[status] ?? `Cannot ${rule.verb} a redemption that is ${status}`;
}

/** What the counter has done and what stands in its way, beside the status and the code. */
export interface CounterState {
  /** An identity check is recorded in the current status. */
  identityChecked: boolean;
  /** The customer's eKYC is VERIFIED. */
  kycVerified: boolean;
  /** A hand-over of this redemption waits for a second admin. */
  handOverPending: boolean;
  /** The admin may work this redemption's counter: a role with the counter permission, and a teller only at its own location. */
  atOwnLocation: boolean;
}

const counterReady: CounterState = { identityChecked: true, kycVerified: true, handOverPending: false, atOwnLocation: true };

/**
 * What the server would accept now: the status decides; approve also needs a checked code and
 * (given `counter`) the counter's checks; a pending hand-over blocks what would change it; a
 * teller of another location may do nothing.
 */
export function allowedRedemptionActions(
  status: RedemptionStatus,
  codeChecked: boolean,
  counter: CounterState = counterReady,
): RedemptionAction[] {
  if (!counter.atOwnLocation) return [];
  return (Object.keys(redemptionLifecycle) as RedemptionAction[]).filter((action) => {
    const rule = redemptionLifecycle[action];
    if (!redemptionStatusAllows(status, action)) return false;
    if (rule.needsCheckedCode && !codeChecked) return false;
    if (rule.needsCounterChecks && !(counter.identityChecked && counter.kycVerified)) return false;
    return !(rule.blockedByPendingHandOver && counter.handOverPending);
  });
}

/** Whether the status is one of `openRedemptionStatuses`. */
export function isOpenRedemption(status: RedemptionStatus): boolean {
  return (openRedemptionStatuses as readonly RedemptionStatus[]).includes(status);
}
