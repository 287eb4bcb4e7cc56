import type { RedemptionAction, RedemptionStatus } from '@gold/contract';

interface Rule {
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
 * The redemption lifecycle (../shared/design/decisions.md), the one table the server enforces.
 * Escrow confirmation (REQUESTED -> PREPARATION) is the token backend's, not an admin action.
 */
export const lifecycle: Record<RedemptionAction, Rule> = {
  prepare: { from: ['PREPARATION'], to: 'ON_WEB2', verb: 'prepare' },
  sendotp: { from: ['REQUESTED', 'PREPARATION'], to: null, verb: 'send a code for' },
  checkotp: { from: ['REQUESTED', 'PREPARATION'], to: null, verb: 'check a code for' },
  approve: { from: ['REQUESTED', 'PREPARATION'], to: 'REDEEMED', verb: 'approve', needsCheckedCode: true },
  reject: { from: ['REQUESTED', 'PREPARATION'], to: 'REJECTED', verb: 'reject' },
  reset: { from: ['REJECTED', 'ON_WEB2'], to: 'REQUESTED', verb: 'reset' },
};

export type StatusChange = 'prepare' | 'approve' | 'reject' | 'reset';

/** Why the action is refused in this status, or null when the status allows it. */
export function refusalFor(action: RedemptionAction, status: RedemptionStatus): string | null {
  const rule = lifecycle[action];
  return rule.from.includes(status) ? null : `Cannot ${rule.verb} a redemption that is ${status}`;
}

/** What the server would accept now: the status decides, and approve also needs a checked code. */
export function allowedActions(status: RedemptionStatus, codeChecked: boolean): RedemptionAction[] {
  return (Object.keys(lifecycle) as RedemptionAction[]).filter(
    (action) => refusalFor(action, status) === null && (!lifecycle[action].needsCheckedCode || codeChecked),
  );
}
