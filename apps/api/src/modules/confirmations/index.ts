/** Four eyes: what other modules (the counter's hand-over) use to propose and look up confirmations. */
export { pendingConfirmationFor, proposeConfirmation } from './confirmations.repository';
