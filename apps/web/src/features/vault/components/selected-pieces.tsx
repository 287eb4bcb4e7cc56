import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { VaultPiece } from '@gold/contract';

/** The pieces a write-off or transfer takes: how many, how many grams, and their serials. */
export function SelectedPieces({ pieces }: { pieces: readonly VaultPiece[] }) {
  const { t } = useTranslation();
  const grams = pieces.reduce((sum, piece) => sum + piece.denom, 0);
  return (
    <Typography variant="body2">
      {t('{{count}} pieces, {{grams}} g: {{serials}}', {
        count: pieces.length,
        grams,
        serials: pieces.map((piece) => `${piece.serial} (${piece.location.code})`).join(', '),
      })}
    </Typography>
  );
}
