import type { MovementKind, PieceStatus } from '@gold/contract';

/** Each piece status as operators read it (English keys, translated where drawn). */
export const pieceStatusLabels: Record<PieceStatus, string> = {
  in_vault: 'In the vault',
  handed_over: 'Handed over',
  written_off: 'Written off',
  missing: 'Missing',
};

export const pieceStatusColors = { in_vault: 'success', handed_over: 'info', written_off: 'default', missing: 'error' } as const;

export const movementKindLabels: Record<MovementKind, string> = {
  opening: 'Opening balance',
  receipt: 'Receipt',
  hand_over: 'Hand-over',
  write_off: 'Write-off',
  transfer: 'Transfer',
  count_adjustment: 'Count adjustment',
};
