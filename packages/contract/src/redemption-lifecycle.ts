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
}

/**
 * The redemption lifecycle (../shared/design/decisions.md): the one table the server enforces and
 * the console offers its actions from. Escrow confirmation (REQUESTED -> PREPARATION) is the token
 * backend's, not an admin action.
 */
export const redemptionLifecycle: Readonly<Record<RedemptionAction, LifecycleRule>> = {
  prepare: { from: ['PREPARATION'], to: 'ON_WEB2', verb: 'prepare' },
  sendotp: { from: openRedemptionStatuses, to: null, verb: 'send a code for' },
  checkotp: { from: openRedemptionStatuses, to: null, verb: 'check a code for' },
  approve: { from: openRedemptionStatuses, to: 'REDEEMED', verb: 'approve', needsCheckedCode: true },
  reject: { from: openRedemptionStatuses, to: 'REJECTED', verb: 'reject' },
  reset: { from: ['REJECTED', 'ON_WEB2'], to: 'REQUESTED', verb: 'reset' },
};

/** The actions that change the status (the others send and check the one-time code). */
export type RedemptionStatusChange = 'prepare' | 'approve' | 'reject' | 'reset';

/** Whether the status allows the action (approve also needs a checked code: `allowedRedemptionActions`). */
export function redemptionStatusAllows(status: RedemptionStatus, action: RedemptionAction): boolean {
  return redemptionLifecycle[action].from.includes(status);
}

/** Why the action is refused in this status, or null when the status allows it. */
export function redemptionRefusal(action: RedemptionAction, status: RedemptionStatus): string | null {
  return redemptionStatusAllows(status, action) ? null : `Cannot ${redemptionLifecycle[action].verb} a redemption that is ${status}`;
}

/** What the server would accept now: the status decides, and approve also needs a checked code. */
export function allowedRedemptionActions(status: RedemptionStatus, codeChecked: boolean): RedemptionAction[] {
  return (Object.keys(redemptionLifecycle) as RedemptionAction[]).filter(
    (action) => redemptionStatusAllows(status, action) && (!redemptionLifecycle[action].needsCheckedCode || codeChecked),
  );
}

/** Whether the status is one of `openRedemptionStatuses`. */
export function isOpenRedemption(status: RedemptionStatus): boolean {
  return (openRedemptionStatuses as readonly RedemptionStatus[]).includes(status);
}
