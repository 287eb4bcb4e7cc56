import { describe, expect, it } from 'vitest';
import { formatAge, formatCoverage, formatGrams } from './describe-reserves';

describe('reserves figures as the console shows them', () => {
  it('cuts coverage to 2 decimals, never rounding a short vault up to 100%', () => {
    expect(formatCoverage('99.9999')).toBe('99,99%');
    expect(formatCoverage('66.6666')).toBe('66,66%');
    expect(formatCoverage('100')).toBe('100,00%');
    expect(formatCoverage('1234.5')).toBe('1.234,50%');
    expect(formatCoverage(null)).toBe('-');
  });

  it('shows grams in the Indonesian format', () => {
    expect(formatGrams('1234.5')).toBe('1.234,50 g');
  });

  it('says how old a reading is', () => {
    expect(formatAge(45)).toBe('45 s');
    expect(formatAge(12 * 60 + 5)).toBe('12 min');
    expect(formatAge(3 * 3600 + 5 * 60)).toBe('3 h 5 min');
    expect(formatAge(3 * 86400)).toBe('3 days');
  });
});
