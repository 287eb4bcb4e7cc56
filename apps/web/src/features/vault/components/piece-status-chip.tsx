import Chip from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';
import type { PieceStatus } from '@gold/contract';
import { pieceStatusColors, pieceStatusLabels } from '../lib/labels';

/** A piece's status: in the vault green, missing red, the ones that left neutral. */
export function PieceStatusChip({ status }: { status: PieceStatus }) {
  const { t } = useTranslation();
  return (
    <Chip
      size="small"
      label={t(pieceStatusLabels[status])}
      color={pieceStatusColors[status]}
      variant={status === 'in_vault' ? 'filled' : 'outlined'}
    />
  );
}
