import type { Config } from '../../config/config';
import { demoSettlementAccounts } from '../../db/seed/settlement';

/**
 * Where a redemption's tokens go: the escrow the customer transfers to (the signer's own address:
 * it burns from there and refunds from there) and the treasury that receives the fee. Lower case,
 * as transfers are stored.
 */
export interface SettlementAddresses {
  escrow: string;
  /** Unset: the fee stays at the escrow address (the platform's own) and no fee move is queued. */
  treasury: string | null;
}

/** The demo chain's: the token owner's account (so the signer's, so the escrow) and a second account as the treasury. */
export const demoSettlementAddresses: SettlementAddresses = demoSettlementAccounts;

/** The configured addresses; on the demo chain its defaults; otherwise none (no settlement, so nothing can be approved). */
export function settlementAddresses(
  config: Pick<Config, 'SETTLEMENT_ESCROW_ADDRESS' | 'SETTLEMENT_TREASURY_ADDRESS'>,
  demoChain: boolean,
): SettlementAddresses | undefined {
  const escrow = config.SETTLEMENT_ESCROW_ADDRESS ?? (demoChain ? demoSettlementAddresses.escrow : undefined);
  if (!escrow) return undefined;
  const treasury = config.SETTLEMENT_TREASURY_ADDRESS ?? (demoChain ? demoSettlementAddresses.treasury : null);
  return { escrow: escrow.toLowerCase(), treasury: treasury?.toLowerCase() ?? null };
}
