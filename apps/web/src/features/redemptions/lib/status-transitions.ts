import { redemptionLifecycle, type RedemptionDetail, type RedemptionStatus, type RedemptionStatusChange } from '@gold/contract';
import { redemptionActionTexts } from './action-texts';

export interface StatusTransition {
  action: RedemptionStatusChange;
  /** The spec's dropdown label (`redemptionActionTexts`): On Confirmation, Approve, Reject, Redeemed. */
  label: string;
  /** Where it leads (the lifecycle table's). */
  to: RedemptionStatus;
  /** The notice once done. */
  done: string;
}

/**
 * The detail page's 'Redemption Status' choices, in the spec's order: the same calls and rules
 * as the list and the review page (its 'Approve' is prepare, its 'Redeemed' is approve, which
 * needs a checked code).
 */
const statusTransitions: readonly StatusTransition[] = (['reset', 'prepare', 'reject', 'approve'] as const).map((action) => ({
  action,
  label: redemptionActionTexts[action].statusOption,
  done: redemptionActionTexts[action].done,
  to: redemptionLifecycle[action].to!,
}));

/** Only what the server says it would accept now (`allowedActions`). */
export function offeredTransitions(redemption: Pick<RedemptionDetail, 'allowedActions'>): StatusTransition[] {
  return statusTransitions.filter((transition) => redemption.allowedActions.includes(transition.action));
}
