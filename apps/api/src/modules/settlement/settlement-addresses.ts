import type { Config } from '../../config/config';

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

/** anvil's first and second dev accounts: the demo token's owner (so the signer, so the escrow) and the demo treasury. */
export const demoSettlementAddresses: SettlementAddresses = {
  escrow: '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266',
  treasury: '0x70997970c51812dc3a010c7d01b50e0d17dc79c8',
};

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
