import type { RedemptionAction, RedemptionDetail, RedemptionStatus } from '@gold/contract';

export type StatusChangeAction = Extract<RedemptionAction, 'reset' | 'prepare' | 'reject' | 'approve'>;

export interface StatusTransition {
  action: StatusChangeAction;
  /** The spec's dropdown labels: On Confirmation, Approve, Reject, Redeemed. */
  label: string;
  to: RedemptionStatus;
  /** The notice once done (the review page's texts). */
  done: string;
}

/**
 * The detail page's 'Redemption Status' choices and the call each makes: the same endpoints and
 * rules as the list and the review page ('Approve' is the list's approve, the prepare call;
 * 'Redeemed' is the review page's approve, which needs a checked code).
 */
export const statusTransitions: readonly StatusTransition[] = [
  { action: 'reset', label: 'On Confirmation', to: 'REQUESTED', done: 'Redemption Reset Successfully' },
  { action: 'prepare', label: 'Approve', to: 'ON_WEB2', done: 'Redemption Approved Successfully' },
  { action: 'reject', label: 'Reject', to: 'REJECTED', done: 'Redemption Rejected Successfully' },
  { action: 'approve', label: 'Redeemed', to: 'REDEEMED', done: 'Redemption Approved Successfully' },
];

/** Only what the server says it would accept now (`allowedActions`). */
export function offeredTransitions(redemption: Pick<RedemptionDetail, 'allowedActions'>): StatusTransition[] {
  return statusTransitions.filter((transition) => redemption.allowedActions.includes(transition.action));
}
