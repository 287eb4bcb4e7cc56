import { describe, expect, it } from 'vitest';
import { checkWholeNumber } from './whole-number';

const denom = { name: 'Denom', unit: 'grams' };

describe('checkWholeNumber', () => {
  it('takes a positive whole number up to 100000', () => {
    expect(checkWholeNumber('5', denom)).toEqual({ value: 5 });
    expect(checkWholeNumber(' 1000 ', denom)).toEqual({ value: 1000 });
    expect(checkWholeNumber('100000', denom)).toEqual({ value: 100_000 });
  });

  it.each([
    ['', 'Enter the denom in grams.'],
    ['   ', 'Enter the denom in grams.'],
    ['abc', 'Denom must be a number.'],
    ['12abc', 'Denom must be a number.'],
    ['0x10', 'Denom must be a number.'],
    ['0', 'Denom must be more than 0.'],
    ['-5', 'Denom must be more than 0.'],
    ['2.5', 'Denom must be a whole number of grams.'],
    ['1e-3', 'Denom must be a whole number of grams.'],
    ['100001', 'Denom can be at most 100.000 grams.'],
    ['1e9', 'Denom can be at most 100.000 grams.'],
  ])('refuses %j: %s', (text, problem) => {
    expect(checkWholeNumber(text, denom)).toEqual({ problem });
  });

  it('says "must be a number" for text the browser could not read as one (its value is then empty)', () => {
    expect(checkWholeNumber('', denom, true)).toEqual({ problem: 'Denom must be a number.' });
  });
});
