/** The spec's admin dialogs (error catalogue): what a change came to, shown until the admin closes it. */
export const adminDialogTitles = {
  updated: 'Data Update Success',
  updateFailed: 'Data Update Error',
  removed: 'Data Remove Successfuly',
  removeFailed: 'Data Remove Error',
  mismatch: 'Password is Not Match',
} as const;

export interface Outcome {
  kind: keyof typeof adminDialogTitles;
  /** What happened, in words (the server's message for a refusal). */
  message: string;
}

export const isFailure = (outcome: Outcome) =>
  outcome.kind === 'updateFailed' || outcome.kind === 'removeFailed' || outcome.kind === 'mismatch';
