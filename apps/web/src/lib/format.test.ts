import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatIdr, formatTimeSlot, formatTokenAmount, formatUnits, orDash, shorten } from './format';

describe('shorten', () => {
  it('keeps text of 20 characters or fewer and cuts longer text to its first 20 characters', () => {
    expect(shorten('Siti Rahmawati')).toBe('Siti Rahmawati');
    expect(shorten('a'.repeat(20))).toBe('a'.repeat(20));
    expect(shorten('0x71C7656EC7ab88b098defB751B7401B5f6d8976F')).toBe('0x71C7656EC7ab88b098...');
  });

  it('counts characters, not UTF-16 units', () => {
    const name = `${'😀'.repeat(21)}`;
    expect(shorten(name)).toBe(`${'😀'.repeat(20)}...`);
  });

  it('takes another length and gives an empty string for a missing value', () => {
    expect(shorten('abcdef', 3)).toBe('abc...');
    expect(shorten(null)).toBe('');
    expect(shorten(undefined)).toBe('');
  });
});

describe('orDash', () => {
  it('shows a dash for missing or blank values', () => {
    expect(orDash(null)).toBe('-');
    expect(orDash(undefined)).toBe('-');
    expect(orDash('  ')).toBe('-');
    expect(orDash(0)).toBe('0');
    expect(orDash('MINT')).toBe('MINT');
  });
});

describe('formatIdr', () => {
  it('formats whole rupiah in the Indonesian format', () => {
    expect(formatIdr(1250000)).toBe('Rp\u00a01.250.000');
    expect(formatIdr('1725000')).toBe('Rp\u00a01.725.000');
    expect(formatIdr(1725000n)).toBe('Rp\u00a01.725.000');
  });

  it('shows a dash for what is not a number', () => {
    expect(formatIdr('abc')).toBe('-');
    expect(formatIdr(null)).toBe('-');
    expect(formatIdr(Number.NaN)).toBe('-');
  });
});

describe('formatTokenAmount', () => {
  it('shows 2 decimals in the Indonesian format', () => {
    expect(formatTokenAmount(5)).toBe('5,00');
    expect(formatTokenAmount('1234.5')).toBe('1.234,50');
    expect(formatTokenAmount('0.000000000000000001')).toBe('0,00');
  });

  it('rounds exact decimal strings half away from zero without going through a float', () => {
    // As a float, 1.005 is 1.00499999999999989...: a float-based formatter shows 1,00.
    expect(formatTokenAmount('1.005')).toBe('1,01');
    expect(formatTokenAmount('123456789012345678.995000000000000000')).toBe('123.456.789.012.345.679,00');
  });

  it('shows a dash for what is not a decimal number', () => {
    expect(formatTokenAmount('1e5')).toBe('-');
    expect(formatTokenAmount('')).toBe('-');
    expect(formatTokenAmount(undefined)).toBe('-');
  });
});

describe('formatUnits', () => {
  it('divides base units by 10^decimals exactly', () => {
    expect(formatUnits(1_500_000_000_000_000_000n)).toBe('1.5');
    expect(formatUnits(1n)).toBe('0.000000000000000001');
    expect(formatUnits(0n)).toBe('0');
    expect(formatUnits(-25_000n, 3)).toBe('-25');
    expect(formatUnits(123_456n, 2)).toBe('1234.56');
  });
});

describe('formatTimeSlot', () => {
  it('shows the 2-hour window in WIB with two-digit hours', () => {
    expect(formatTimeSlot(8)).toBe('08:00 - 10:00 WIB');
    expect(formatTimeSlot(14)).toBe('14:00 - 16:00 WIB');
    expect(formatTimeSlot(null)).toBe('-');
  });
});

describe('dates', () => {
  it('are shown in Jakarta time', () => {
    // 20:30 UTC on 31 Dec is already 1 Jan 03:30 in Jakarta (UTC+7).
    expect(formatDate('2024-12-31T20:30:00Z')).toBe(formatDate('2025-01-01T03:30:00+07:00'));
    expect(formatDate('2024-12-31T20:30:00Z')).toMatch(/^01 Jan 2025$/);
    expect(formatDateTime('2024-12-31T20:30:00Z')).toMatch(/03[.:]30 WIB$/);
    expect(formatDate('not a date')).toBe('-');
    expect(formatDateTime(null)).toBe('-');
  });
});
