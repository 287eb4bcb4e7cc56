import { afterAll, describe, expect, it } from 'vitest';
import { applyLanguage, i18n } from '@/lib/i18n';
import { checkWholeNumber, problemText } from './whole-number';

const denom = { name: 'Denom', unit: 'grams' };
const amount = { name: 'Amount', unit: 'pieces' };

/** The problem as shown. */
function problemOf(text: string, what = denom, badInput = false): string | undefined {
  const check = checkWholeNumber(text, what, badInput);
  return check.problem ? problemText(check.problem, i18n.t.bind(i18n)) : undefined;
}

describe('checkWholeNumber', () => {
  afterAll(async () => {
    await applyLanguage('en');
  });

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
    expect(checkWholeNumber(text, denom).value).toBeUndefined();
    expect(problemOf(text)).toBe(problem);
  });

  it('says "must be a number" for text the browser could not read as one (its value is then empty)', () => {
    expect(problemOf('', denom, true)).toBe('Denom must be a number.');
  });

  it('says each problem in Indonesian, the field and unit included', async () => {
    await applyLanguage('id');
    expect(problemOf('')).toBe('Masukkan denom dalam gram.');
    expect(problemOf('', amount)).toBe('Masukkan jumlah dalam keping.');
    expect(problemOf('abc', amount)).toBe('Jumlah harus berupa angka.');
    expect(problemOf('0')).toBe('Denom harus lebih dari 0.');
    expect(problemOf('2.5', amount)).toBe('Jumlah harus bilangan bulat (keping).');
    expect(problemOf('100001')).toBe('Denom paling banyak 100.000 gram.');
  });
});
