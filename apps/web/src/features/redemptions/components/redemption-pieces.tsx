import type { PhysicalGoldRedeem } from '@gold/contract';
import { MISSING } from '@/lib/format';

/** The spec's denomination line: '{amount} buah kepingan {denom} gram'. */
function pieceLine(piece: PhysicalGoldRedeem): string {
  return `${piece.amount} buah kepingan ${piece.physicalGold.denom} gram`;
}

/** The pieces of a redemption, one line per denomination (largest first, as the server sends them). */
export function RedemptionPieces({ pieces }: { pieces: readonly PhysicalGoldRedeem[] }) {
  if (pieces.length === 0) return <>{MISSING}</>;
  return (
    <ul style={{ margin: 0, paddingLeft: '1.25rem' }}>
      {pieces.map((piece) => (
        <li key={piece.id}>{pieceLine(piece)}</li>
      ))}
    </ul>
  );
}
