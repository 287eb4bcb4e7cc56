import type { RedemptionStatusChange } from '@gold/contract';

interface ActionTexts {
  /** The button that makes the call (the list's row button, the review page's section button). */
  button: string;
  /** Its choice in the detail page's 'Redemption Status' dropdown. */
  statusOption: string;
  /** The notice once done. */
  done: string;
  /** How the redemption's history names it once done. */
  happened: string;
  /** The list's row button's accessible name and its confirmation's title (the list's actions only). */
  rowButton?: string;
  confirmTitle?: string;
}

/**
 * What the console shows for each lifecycle status change: i18n keys in the spec's words. Code
 * is keyed by the action (the call it makes); a text never decides what happens. The spec words
 * one action differently by place: the list's 'Approve' is prepare (to ON_WEB2, off-platform,
 * no pieces leave the vault), the review page's 'Approve' is approve (to REDEEMED, the pieces are
 * handed over), which the detail page's dropdown calls 'Redeemed'.
 */
export const redemptionActionTexts = {
  prepare: {
    button: 'Approve',
    statusOption: 'Approve',
    done: 'Redemption Approved Successfully',
    happened: 'Approved (off-platform)',
    rowButton: 'Approve redemption {{id}}',
    confirmTitle: 'Approve redemption {{id}}?',
  },
  approve: { button: 'Approve', statusOption: 'Redeemed', done: 'Redemption Approved Successfully', happened: 'Approved (handed over)' },
  reject: {
    button: 'Reject',
    statusOption: 'Reject',
    done: 'Redemption Rejected Successfully',
    happened: 'Rejected',
    rowButton: 'Reject redemption {{id}}',
    confirmTitle: 'Reject redemption {{id}}?',
  },
  reset: { button: 'Reset', statusOption: 'On Confirmation', done: 'Redemption Reset Successfully', happened: 'Reset' },
} as const satisfies Record<RedemptionStatusChange, ActionTexts>;

/** The status changes the Redemption List offers on its rows. */
export const listActions = ['prepare', 'reject'] as const satisfies readonly RedemptionStatusChange[];
export type ListAction = (typeof listActions)[number];
