import { describe, expect, it } from 'vitest';
import { coveragePercent, reserveFigures, tokenUnits, toUnits } from './reserve-figures';

describe('reserve figures (exact, no floats)', () => {
  it('cuts coverage to 4 decimals and never rounds a short vault up to 100%', () => {
    expect(coveragePercent(toUnits('200'), toUnits('150'))).toBe('133.3333');
    expect(coveragePercent(toUnits('100'), toUnits('150'))).toBe('66.6666');
    expect(coveragePercent(toUnits('150'), toUnits('150'))).toBe('100');
    // Short by a single unit of 10^-18 gram: still below 100%.
    expect(coveragePercent(toUnits('150') - 1n, toUnits('150'))).toBe('99.9999');
    expect(coveragePercent(toUnits('5'), 0n)).toBeNull();
  });

  it('answers backed, the shortfall and the amounts as decimal text without trailing zeros', () => {
    const blockTime = new Date('2026-01-02T03:04:05.000Z');
    expect(
      reserveFigures({ supply: toUnits('150.25'), vaultGrams: toUnits('100'), reservedGrams: toUnits('25'), blockNumber: 7, blockTime }),
    ).toEqual({
      supply: '150.25',
      vaultGrams: '100',
      reservedGrams: '25',
      coveragePercent: '66.5557',
      backed: false,
      shortfallGrams: '50.25',
      blockNumber: 7,
      blockTime: '2026-01-02T03:04:05.000Z',
    });
    expect(reserveFigures({ supply: 0n, vaultGrams: 0n, reservedGrams: 0n, blockNumber: 1, blockTime })).toMatchObject({
      backed: true,
      shortfallGrams: '0',
      coveragePercent: null,
    });
  });

  it('converts a token of other decimals to 18-decimal units', () => {
    expect(tokenUnits(1_500_000n, 6)).toBe(toUnits('1.5'));
    expect(tokenUnits(15n * 10n ** 19n, 20)).toBe(toUnits('1.5'));
  });
});
