/** The most the API takes for a denom (grams) or an amount (pieces) in one call (the contract's addPhysicalGoldBody). */
const MAX_PIECES_OR_GRAMS = 100_000;

/**
 * What is wrong with an input, as an English text with its values ('{{name}} must be a number.'):
 * shown through t() where it is drawn, so it follows the console's language. Word values (a
 * field's name, a unit) are English keys too.
 */
export interface Problem {
  text: string;
  values?: Record<string, string | number>;
}

export type WholeNumberCheck = { value: number; problem?: undefined } | { value?: undefined; problem: Problem };

/**
 * A number input's text as a positive whole number, or what is wrong with it, in words: empty,
 * not a number (a browser gives '' for text it cannot read as a number: `badInput`), zero or
 * negative, fractional, too large. Nothing is sent until it is a value.
 */
export function checkWholeNumber(text: string, what: { name: string; unit: string }, badInput = false): WholeNumberCheck {
  const { name, unit } = what;
  const trimmed = text.trim();
  const notANumber = { problem: { text: '{{name}} must be a number.', values: { name } } };
  if (badInput || (trimmed !== '' && !/^[-+]?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?$/i.test(trimmed))) return notANumber;
  if (trimmed === '') return { problem: { text: 'Enter the {{noun}} in {{unit}}.', values: { noun: name.toLowerCase(), unit } } };
  const value = Number(trimmed);
  if (!Number.isFinite(value)) return notANumber;
  if (value <= 0) return { problem: { text: '{{name}} must be more than 0.', values: { name } } };
  if (!Number.isInteger(value)) return { problem: { text: '{{name}} must be a whole number of {{unit}}.', values: { name, unit } } };
  if (value > MAX_PIECES_OR_GRAMS)
    return {
      problem: {
        text: '{{name}} can be at most {{max}} {{unit}}.',
        values: { name, max: MAX_PIECES_OR_GRAMS.toLocaleString('id-ID'), unit },
      },
    };
  return { value };
}

/** A problem in the console's language (`t` from useTranslation, or i18n.t). */
export function problemText(problem: Problem, t: (key: string, values?: Record<string, unknown>) => string): string {
  const values = Object.fromEntries(
    Object.entries(problem.values ?? {}).map(([key, value]) => [key, typeof value === 'string' ? t(value) : value]),
  );
  return t(problem.text, values);
}
