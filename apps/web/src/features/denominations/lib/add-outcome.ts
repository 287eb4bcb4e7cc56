import type { AddPhysicalGoldResponse } from '@gold/contract';

/**
 * The notice of an Add Amount or Submit: pieces no longer enter the vault at once but as a receipt
 * a second admin confirms (four eyes), so an existing denom's pieces are 'Sent for confirmation'
 * and a new denom is added with its pieces waiting. The spec's texts stay for what they still mean.
 */
export function addOutcome({ result, confirmation }: AddPhysicalGoldResponse): string {
  if (result === 'Awaiting confirmation') return 'Sent for confirmation';
  if (result === 'Denom added')
    return confirmation ? 'Denom added successfully. Its pieces were sent for confirmation.' : 'Denom added successfully';
  return 'Amount added successfully';
}
