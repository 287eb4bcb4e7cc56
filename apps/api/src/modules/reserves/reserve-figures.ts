import { formatUnits, parseUnits } from 'viem';
import type { ReserveFigures } from '@gold/contract';

/** Tokens and grams are kept as bigint units of 10^-18 (the token's 18 decimals; 1 token = 1 gram). */
const unitDecimals = 18;

/** Exact decimal text ("150", "0.25", "12.500000000000000000") as units. */
export const toUnits = (text: string): bigint => parseUnits(text, unitDecimals);

/** Units as exact decimal text without trailing zeros ("150", "0.25"). */
export const fromUnits = (units: bigint): string => formatUnits(units, unitDecimals);

/** A base-unit amount of a token with `decimals` decimals, as units (beyond 18 decimals the rest is cut). */
export function tokenUnits(raw: bigint, decimals: number): bigint {
  return decimals <= unitDecimals ? raw * 10n ** BigInt(unitDecimals - decimals) : raw / 10n ** BigInt(decimals - unitDecimals);
}

export interface ReserveAmounts {
  supply: bigint;
  vaultGrams: bigint;
  reservedGrams: bigint;
  blockNumber: number;
  blockTime: Date;
  /** Burns queued for hand-overs that had not landed by blockNumber (settlement); absent: none known. */
  burnsInFlight?: bigint;
  /** Tokens held in escrow (final deposits not yet released): shown, never subtracted. */
  escrowHeld?: bigint;
}

/**
 * The tokens the vault must back: the supply less the burns in flight. A hand-over takes the
 * gold out at once and its tokens when the burn lands; between the two, those tokens are no
 * longer anyone's claim on the vault (docs/decisions.md, "Settlement").
 */
function backedSupply(amounts: Pick<ReserveAmounts, 'supply' | 'burnsInFlight'>): bigint {
  const claimed = amounts.supply - (amounts.burnsInFlight ?? 0n);
  return claimed > 0n ? claimed : 0n;
}

export const isBacked = (amounts: Pick<ReserveAmounts, 'supply' | 'vaultGrams' | 'burnsInFlight'>) =>
  amounts.vaultGrams >= backedSupply(amounts);

const percentDecimals = 4;

/**
 * vault / supply in percent, cut (never rounded up) to 4 decimals: a vault short by a milligram
 * reads 99.9999, never 100. Integer arithmetic only.
 */
export function coveragePercent(vaultGrams: bigint, supply: bigint): string | null {
  if (supply === 0n) return null;
  return formatUnits((vaultGrams * 100n * 10n ** BigInt(percentDecimals)) / supply, percentDecimals);
}

/** The contract's figures of a reading: every amount as exact text, coverage and shortfall computed exactly. */
export function reserveFigures(amounts: ReserveAmounts): ReserveFigures {
  const backed = isBacked(amounts);
  const claimed = backedSupply(amounts);
  return {
    supply: fromUnits(amounts.supply),
    vaultGrams: fromUnits(amounts.vaultGrams),
    reservedGrams: fromUnits(amounts.reservedGrams),
    ...(amounts.burnsInFlight === undefined ? {} : { burnsInFlight: fromUnits(amounts.burnsInFlight) }),
    ...(amounts.escrowHeld === undefined ? {} : { escrowHeld: fromUnits(amounts.escrowHeld) }),
    coveragePercent: coveragePercent(amounts.vaultGrams, claimed),
    backed,
    shortfallGrams: fromUnits(backed ? 0n : claimed - amounts.vaultGrams),
    blockNumber: amounts.blockNumber,
    blockTime: amounts.blockTime.toISOString(),
  };
}
