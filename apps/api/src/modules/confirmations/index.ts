/** Four eyes: what other modules (the counter's hand-over) use to propose and look up confirmations. */
export { findConfirmation, pendingConfirmationFor, proposeConfirmation, type ProposedConfirmation } from './confirmations.repository';
