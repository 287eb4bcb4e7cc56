import { redemptionLifecycle, type RedemptionDetail, type RedemptionStatus, type RedemptionStatusChange } from '@gold/contract';

export interface StatusTransition {
  action: RedemptionStatusChange;
  /** The spec's dropdown labels: On Confirmation, Approve, Reject, Redeemed. */
  label: string;
  /** Where it leads (the lifecycle table's). */
  to: RedemptionStatus;
  /** The notice once done (the review page's texts). */
  done: string;
}

/**
 * The detail page's 'Redemption Status' choices and the call each makes: the same endpoints and
 * rules as the list and the review page ('Approve' is the list's approve, the prepare call;
 * 'Redeemed' is the review page's approve, which needs a checked code).
 */
const statusTransitions: readonly StatusTransition[] = (
  [
    { action: 'reset', label: 'On Confirmation', done: 'Redemption Reset Successfully' },
    { action: 'prepare', label: 'Approve', done: 'Redemption Approved Successfully' },
    { action: 'reject', label: 'Reject', done: 'Redemption Rejected Successfully' },
    { action: 'approve', label: 'Redeemed', done: 'Redemption Approved Successfully' },
  ] as const
).map((transition) => ({ ...transition, to: redemptionLifecycle[transition.action].to! }));

/** Only what the server says it would accept now (`allowedActions`). */
export function offeredTransitions(redemption: Pick<RedemptionDetail, 'allowedActions'>): StatusTransition[] {
  return statusTransitions.filter((transition) => redemption.allowedActions.includes(transition.action));
}
