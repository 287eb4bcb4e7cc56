/** The most the API takes for a denom (grams) or an amount (pieces) in one call (the contract's addPhysicalGoldBody). */
const MAX_PIECES_OR_GRAMS = 100_000;

export type WholeNumberCheck = { value: number; problem?: undefined } | { value?: undefined; problem: string };

/**
 * A number input's text as a positive whole number, or what is wrong with it, in words: empty,
 * not a number (a browser gives '' for text it cannot read as a number: `badInput`), zero or
 * negative, fractional, too large. Nothing is sent until it is a value.
 */
export function checkWholeNumber(text: string, what: { name: string; unit: string }, badInput = false): WholeNumberCheck {
  const trimmed = text.trim();
  if (badInput || (trimmed !== '' && !/^[-+]?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?$/i.test(trimmed))) {
    return { problem: `${what.name} must be a number.` };
  }
  if (trimmed === '') return { problem: `Enter the ${what.name.toLowerCase()} in ${what.unit}.` };
  const value = Number(trimmed);
  if (!Number.isFinite(value)) return { problem: `${what.name} must be a number.` };
  if (value <= 0) return { problem: `${what.name} must be more than 0.` };
  if (!Number.isInteger(value)) return { problem: `${what.name} must be a whole number of ${what.unit}.` };
  if (value > MAX_PIECES_OR_GRAMS)
    return { problem: `${what.name} can be at most ${MAX_PIECES_OR_GRAMS.toLocaleString('id-ID')} ${what.unit}.` };
  return { value };
}
