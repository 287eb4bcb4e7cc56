import type { Executor } from '../../db/client';
import { conflict } from '../../lib/http-errors';
import { redemptionLinesAtLocation, shortAtLocation } from './vault-ledger';
import { handOverLines, lockDenominationsOf, type HandOverLine } from './vault.repository';

/**
 * Before a hand-over (approve): locks the denominations the redemption asks for, then checks that
 * each has the pieces available, refusing with 409 naming every short denomination. The figures
 * are read after the locks, in a new statement: any hand-over that held them has committed and is
 * counted. The locks stay until the caller's transaction ends, so the pieces cannot be handed over
 * twice. The pieces must also be in the vault at the redemption's location (the ledger's pieces
 * there), else 409 naming the location.
 */
export async function lockStockForHandOver(tx: Executor, redemptionId: number): Promise<HandOverLine[]> {
  await lockDenominationsOf(tx, redemptionId);
  const lines = await handOverLines(tx, redemptionId);
  const short = lines.filter((line) => line.available < line.requested);
  if (short.length > 0) {
    const named = short.map((l) => `${l.denom} g (${l.requested} requested, ${Math.max(0, l.available)} available)`).join(', ');
    throw conflict(`Cannot approve: not enough pieces in the vault: ${named}`);
  }
  const here = shortAtLocation(await redemptionLinesAtLocation(tx, redemptionId));
  if (here) throw conflict(`Cannot approve: not enough pieces at the redemption's location: ${here}`);
  return lines;
}
