import fc from 'fast-check';

/**
 * Inputs generated from a route's JSON Schema (as the OpenAPI document publishes it):
 *
 * - `invalidValue` / `invalidObject`: values that break the schema *by construction* (a wrong
 *   type, a missing required field, an out-of-range number...), so the server must refuse
 *   them whatever else they carry. Hostile text (SQL, script, control characters, huge and
 *   odd unicode) rides along in the other fields and in extra fields.
 * - `validValue` / `validObject`: values that satisfy the schema, with hostile text wherever
 *   the schema allows any text (read routes must answer them without a 5xx and without writing).
 * - `exampleValue`: one plain valid value (for requests that must be refused for another reason).
 *
 * Where an input travels matters: a JSON body carries typed values, but query and path
 * parameters are always strings that the server coerces (`z.coerce.number()` turns "" into 0
 * and "0x10" into 16). A violation is generated only where it is a violation whatever the
 * coercion, and nothing is generated for schema constructs this module does not understand.
 */
export interface JsonSchema {
  type?: string | string[];
  nullable?: boolean;
  enum?: unknown[];
  const?: unknown;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: boolean | number;
  exclusiveMaximum?: boolean | number;
  multipleOf?: number;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  default?: unknown;
  $ref?: string;
}

/** Where a value travels: typed JSON in a body, strings in the query string and the path. */
export type Location = 'body' | 'query' | 'path';

/** An input that must be refused, and which rule it breaks (shown by fast-check on failure). */
export interface Violation<T = unknown> {
  value: T;
  why: string;
}

type JsonType = 'string' | 'number' | 'integer' | 'boolean' | 'null' | 'array' | 'object';

/** SQL, script, template, path and header fragments, control characters and unusual unicode. */
const hostileFragments: readonly string[] = [
  "' OR '1'='1",
  "' OR 1=1 --",
  "'; DROP TABLE customers; --",
  '"; DROP TABLE admins; --',
  '1; SELECT pg_sleep(0); --',
  "' UNION SELECT password_hash, email FROM admins --",
  "' || (SELECT current_user) || '",
  "%' AND 1=1 --",
  '%',
  '_',
  '%%',
  '\\',
  "\\'",
  'a\\',
  '$1',
  '$$',
  '::text',
  "E'\\x00'",
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  "javascript:alert('x')",
  '{{7*7}}',
  '${7*7}',
  '../../../../etc/passwd',
  '__proto__',
  'constructor',
  '\u0000',
  'a\u0000b',
  '\r\nSet-Cookie: bo_session=forged',
  '\u202Eevil\u202C',
  'zero\u200Bwidth',
  'İstanbul ß ﬁ ǅ',
  '𝔘𝔫𝔦𝔠𝔬𝔡𝔢 👩‍👩‍👧‍👦 🇮🇩',
  '\uD800',
  '\uFFFF\uFFFE',
  'Ω≈ç√∫˜µ≤≥÷',
  '%00',
  '%2e%2e%2f',
  'null',
  'undefined',
  'NaN',
  '-0',
  '1e309',
];

/** The fragments most likely to break a query (NUL, LIKE wildcards and escapes, quotes, lone surrogates, case expansions): tried on every free-text parameter. */
export const sharpFragments: readonly string[] = [
  // First the ones a database cannot store as text or JSON (they must be refused, so they change nothing).
  '\u0000',
  'a\u0000b',
  '\uD800',
  '\\',
  'a\\',
  '%',
  '_',
  "' OR '1'='1",
  "'; DROP TABLE customers; --",
  'İstanbul ß ﬁ ǅ',
  '𝔘𝔫𝔦𝔠𝔬𝔡𝔢 👩‍👩‍👧‍👦 🇮🇩',
  '\r\nSet-Cookie: bo_session=forged',
  '<script>alert(1)</script>',
];

/** A parameter that takes any text (no enum, pattern or format), so hostile text is valid input for it. */
export function isFreeText(schema: JsonSchema): boolean {
  const types = acceptedTypes(schema);
  return (
    types !== null &&
    types.has('string') &&
    isPlainSchema(schema) &&
    schema.enum === undefined &&
    schema.const === undefined &&
    schema.pattern === undefined &&
    schema.format === undefined
  );
}

/** Any text, leaning hostile: fragments, random unicode (including astral and control characters), and huge strings. */
const hostileString: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...hostileFragments) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 20 }) },
  {
    weight: 1,
    arbitrary: fc
      .tuple(fc.constantFrom(...hostileFragments), fc.integer({ min: 200, max: 4000 }))
      .map(([fragment, length]) => fragment.repeat(Math.ceil(length / fragment.length))),
  },
);

const codePoints = (text: string) => [...text].length;
const limit = (n: number | undefined, fallback: number) => (n === undefined || !Number.isFinite(n) ? fallback : n);

/** The JSON types a schema accepts, or null when it cannot tell (an empty schema accepts anything). */
function acceptedTypes(schema: JsonSchema): Set<JsonType> | null {
  let types: Set<JsonType> | null = null;
  if (schema.const !== undefined) types = new Set([jsonTypeOf(schema.const)]);
  else if (Array.isArray(schema.enum)) types = new Set(schema.enum.map(jsonTypeOf));
  else if (schema.type !== undefined) types = new Set((Array.isArray(schema.type) ? schema.type : [schema.type]) as JsonType[]);
  else if (schema.anyOf ?? schema.oneOf) {
    types = new Set();
    for (const branch of (schema.anyOf ?? schema.oneOf)!) {
      const branchTypes = acceptedTypes(branch);
      if (!branchTypes) return null;
      for (const t of branchTypes) types.add(t);
    }
  }
  if (types && schema.nullable) types.add('null');
  return types;
}

function jsonTypeOf(value: unknown): JsonType {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value as JsonType;
}

const isPlainSchema = (schema: JsonSchema) => !schema.anyOf && !schema.oneOf && !schema.allOf && !schema.$ref;

/** Text that no number coercion turns into a number (Number(text) is NaN). */
const nonNumericString = hostileString.filter((text) => Number.isNaN(Number(text)));

/** Every way this module knows to break `schema` for a value travelling in `location`. */
export function violationsOf(schema: JsonSchema, location: Location, label = ''): Array<fc.Arbitrary<Violation>> {
  const labelled = (v: Violation) => (label === '' || v.why.startsWith(label) ? v : { ...v, why: `${label}: ${v.why}` });
  return violationsWithin(schema, location, label).map((arbitrary) => arbitrary.map(labelled));
}

function violationsWithin(schema: JsonSchema, location: Location, label: string): Array<fc.Arbitrary<Violation>> {
  const out: Array<fc.Arbitrary<Violation>> = [];
  const add = (why: string, arbitrary: fc.Arbitrary<unknown>) => out.push(arbitrary.map((value) => ({ value, why })));

  // allOf: breaking any one part breaks the whole.
  for (const part of schema.allOf ?? []) out.push(...violationsOf(part, location, label));
  if (schema.$ref) return out;

  const types = acceptedTypes(schema);
  if (!types) return out;
  const numeric = types.has('integer') || types.has('number');

  if (location === 'body') {
    // A value may be coerced (`z.coerce.number()` takes true, null, [] and "7"): only types no coercion rescues.
    if (!types.has('string')) add('wrong type: text', numeric ? nonNumericString : hostileString);
    if (!numeric && !types.has('string'))
      add('wrong type: number', fc.oneof(fc.integer(), fc.double({ noNaN: true, noDefaultInfinity: true })));
    if (!types.has('boolean') && !numeric && !types.has('string')) add('wrong type: boolean', fc.boolean());
    if (!types.has('null') && !numeric) add('wrong type: null', fc.constant(null));
    if (!types.has('array')) add('wrong type: array', fc.array(hostileString, { minLength: 2, maxLength: 4 }));
    if (!types.has('object')) add('wrong type: object', fc.dictionary(hostileString, hostileString, { minKeys: 1, maxKeys: 3 }));
  } else {
    // Parameters are text: only a number-only parameter has a "wrong type" (text that is no number).
    if (numeric && !types.has('string') && !types.has('boolean')) add('not a number', nonNumericString);
    if (location === 'query' && !types.has('array') && (types.has('string') || numeric) && !types.has('boolean'))
      add('parameter repeated', fc.array(hostileString, { minLength: 2, maxLength: 3 }));
  }

  if (!isPlainSchema(schema)) return out;

  if (Array.isArray(schema.enum) || schema.const !== undefined) {
    const allowed = schema.enum ?? [schema.const];
    const allowedText = new Set(allowed.map((v) => (typeof v === 'string' ? v : JSON.stringify(v))));
    const strings = allowed.filter((v): v is string => typeof v === 'string');
    const numbers = allowed.filter((v): v is number => typeof v === 'number');
    if (strings.length > 0) {
      const variants = strings
        .flatMap((v) => [v.toUpperCase(), v.toLowerCase(), `${v}x`, `${v}' OR '1'='1`, `${v}\u0000`])
        .filter((v) => !allowedText.has(v));
      // Where numbers are allowed too, text that reads as a number might be coerced into one of them.
      const others = (numbers.length > 0 ? nonNumericString : hostileString).filter((v) => !allowedText.has(v));
      add('not one of the allowed values', variants.length > 0 ? fc.oneof(others, fc.constantFrom(...variants)) : others);
    }
    if (numbers.length > 0) {
      const outside = fc.integer().filter((n) => !numbers.includes(n));
      add('not one of the allowed numbers', location === 'body' ? outside : outside.map(String));
      if (location !== 'body' && strings.length === 0) add('not a number', nonNumericString);
    }
    return out;
  }

  if (types.has('string') && !numeric) out.push(...stringViolations(schema, location));
  if (numeric && !types.has('string')) out.push(...numberViolations(schema, types, location));
  if (location === 'body' && types.has('object') && schema.properties) {
    out.push(...objectViolations(schema as JsonSchema & { properties: Record<string, JsonSchema> }, location, label));
  }
  if (location === 'body' && types.has('array')) out.push(...arrayViolations(schema, label));
  return out;
}

function stringViolations(schema: JsonSchema, location: Location): Array<fc.Arbitrary<Violation>> {
  const out: Array<fc.Arbitrary<Violation>> = [];
  const { minLength, maxLength } = schema;
  if (maxLength !== undefined && maxLength < 20_000) {
    // First and last characters are not white space, so trimming (`z.string().trim()`) cannot shorten it.
    const tooLong = fc
      .tuple(hostileString, fc.oneof(fc.constant(1), fc.integer({ min: 1, max: location === 'body' ? 2_000 : 300 })))
      .map(([text, extra]) => {
        const target = maxLength + extra;
        const inner = codePoints(text) + 2 > target ? [...text].slice(0, Math.max(0, target - 2)).join('') : text;
        return `x${inner}${'x'.repeat(Math.max(0, target - codePoints(inner) - 2))}x`;
      })
      .filter((text) => codePoints(text) > maxLength);
    out.push(tooLong.map((value) => ({ value, why: `longer than ${maxLength} characters` })));
  }
  if (minLength !== undefined && minLength > (location === 'path' ? 1 : 0)) {
    // ASCII only: its UTF-16 length (what zod counts) equals its code point count. A path parameter is never empty (that is another route).
    const short = fc.string({ unit: 'grapheme-ascii', minLength: location === 'path' ? 1 : 0, maxLength: minLength - 1 });
    out.push(short.map((value) => ({ value, why: `shorter than ${minLength} characters` })));
  }
  if (schema.pattern !== undefined) {
    let pattern: RegExp | undefined;
    try {
      pattern = new RegExp(schema.pattern, 'u');
    } catch {
      pattern = undefined;
    }
    const misfits = pattern ? hostileFragments.filter((text) => !pattern.test(text) && text !== '') : [];
    if (misfits.length > 0) out.push(fc.constantFrom(...misfits).map((value) => ({ value, why: `does not match ${schema.pattern}` })));
  }
  const formatBreakers: Record<string, (text: string) => boolean> = {
    email: (text) => !text.includes('@'),
    uuid: (text) => !/[0-9a-f]{8}-[0-9a-f]{4}-/i.test(text),
    date: (text) => !/\d/.test(text),
    'date-time': (text) => !/\d/.test(text),
    time: (text) => !/\d/.test(text),
    ipv4: (text) => !text.includes('.'),
    ipv6: (text) => !text.includes(':'),
    uri: (text) => !text.includes(':'),
  };
  const breaks = schema.format ? formatBreakers[schema.format] : undefined;
  if (breaks) {
    const candidates = hostileFragments.filter((text) => breaks(text) && text.trim() !== '');
    out.push(fc.constantFrom(...candidates).map((value) => ({ value, why: `not in ${schema.format} format` })));
  }
  return out;
}

function numberViolations(schema: JsonSchema, types: Set<JsonType>, location: Location): Array<fc.Arbitrary<Violation>> {
  const out: Array<fc.Arbitrary<Violation>> = [];
  const asText = location !== 'body';
  const emit = (why: string, arbitrary: fc.Arbitrary<number | string>) =>
    out.push(arbitrary.map((n) => ({ value: asText ? String(n) : n, why })));
  const integerOnly = !types.has('number');
  const { low, high, lowInclusive, highInclusive } = bounds(schema);

  if (integerOnly) {
    const from = Math.max(limit(low, -1e6), -1e6);
    const to = Math.min(limit(high, 1e6), 1e6);
    emit(
      'fractional where a whole number is required',
      fc.integer({ min: Math.ceil(from), max: Math.max(Math.ceil(from), Math.floor(to) - 1) }).map((n) => n + 0.5),
    );
  }
  // Just past the bound as often as far past it.
  const step = fc.oneof(fc.constant(1), fc.integer({ min: 1, max: 1_000_000 }));
  if (low !== undefined) {
    emit(`below the minimum ${low}`, lowInclusive ? step.map((d) => low - d) : step.map((d) => low - d + 1));
    if (low >= 0) emit('negative', fc.constantFrom(-1, -0.5, -1e6, -Number.MAX_SAFE_INTEGER, -1e308));
  }
  if (high !== undefined) {
    emit(`above the maximum ${high}`, highInclusive ? step.map((d) => high + d) : step.map((d) => high + d - 1));
    emit(
      'huge',
      fc.constantFrom(1e21, 1e300, Number.MAX_VALUE, Number.MAX_SAFE_INTEGER + 2).filter((n) => n > high),
    );
    if (asText) emit('huge (beyond any number)', fc.constantFrom('9'.repeat(400), '1e999', 'Infinity', '-Infinity'));
  } else if (asText) {
    emit('not finite', fc.constantFrom('1e999', 'Infinity', '-Infinity'));
  }
  if (schema.multipleOf !== undefined && Number.isInteger(schema.multipleOf) && schema.multipleOf > 1) {
    const m = schema.multipleOf;
    emit(
      `not a multiple of ${m}`,
      fc.integer({ min: -1000, max: 1000 }).map((k) => k * m + 1),
    );
  }
  return out;
}

function bounds(schema: JsonSchema) {
  let low = schema.minimum;
  let high = schema.maximum;
  let lowInclusive = true;
  let highInclusive = true;
  if (typeof schema.exclusiveMinimum === 'number') [low, lowInclusive] = [schema.exclusiveMinimum, false];
  else if (schema.exclusiveMinimum === true) lowInclusive = false;
  if (typeof schema.exclusiveMaximum === 'number') [high, highInclusive] = [schema.exclusiveMaximum, false];
  else if (schema.exclusiveMaximum === true) highInclusive = false;
  return { low, high, lowInclusive, highInclusive };
}

function arrayViolations(schema: JsonSchema, label: string): Array<fc.Arbitrary<Violation>> {
  const out: Array<fc.Arbitrary<Violation>> = [];
  const item = schema.items ? validValue(schema.items, 'body') : null;
  if (schema.minItems !== undefined && schema.minItems > 0 && item) {
    out.push(fc.array(item, { maxLength: schema.minItems - 1 }).map((value) => ({ value, why: `fewer than ${schema.minItems} items` })));
  }
  if (schema.maxItems !== undefined && schema.maxItems < 1000 && item) {
    out.push(
      fc
        .array(item, { minLength: schema.maxItems + 1, maxLength: schema.maxItems + 5 })
        .map((value) => ({ value, why: `more than ${schema.maxItems} items` })),
    );
  }
  if (schema.items && item) {
    const bad = violationsOf(schema.items, 'body', `${label}[]`);
    if (bad.length > 0) {
      const minItems = schema.minItems ?? 0;
      out.push(
        fc
          .tuple(fc.array(item, { minLength: Math.max(0, minItems - 1), maxLength: Math.max(0, minItems - 1) }), fc.oneof(...bad))
          .map(([items, v]) => ({
            value: [...items, v.value],
            why: v.why,
          })),
      );
    }
  }
  return out;
}

/**
 * Objects (a body, the query string, the path parameters) that break one rule: a required
 * field missing, a field breaking its own schema, or an extra field where none is allowed.
 * The other fields are valid but hostile, and extra hostile fields come along as noise.
 */
export function objectViolations(
  schema: JsonSchema & { properties: Record<string, JsonSchema> },
  location: Location,
  label: string = location,
): Array<fc.Arbitrary<Violation<Record<string, unknown>>>> {
  const properties = schema.properties;
  const required = new Set(schema.required ?? []);
  const base = validObject(schema, location);
  if (!base) return [];
  const known = new Set(Object.keys(properties));
  const extraKey = hostileString.filter((key) => !known.has(key) && key !== '' && key !== '__proto__');
  const noise = fc.dictionary(extraKey, location === 'body' ? fc.oneof(hostileString, fc.integer()) : hostileString, { maxKeys: 2 });
  const strict = schema.additionalProperties === false;
  const withNoise = (value: Record<string, unknown>, extra: Record<string, unknown>) =>
    strict || location === 'path' ? value : { ...extra, ...value };
  const out: Array<fc.Arbitrary<Violation<Record<string, unknown>>>> = [];

  for (const name of Object.keys(properties).filter((n) => required.has(n))) {
    if (location === 'path') continue; // a path without the parameter is another route
    out.push(
      fc.tuple(base, noise).map(([value, extra]) => {
        const rest = { ...value };
        delete rest[name];
        return { value: withNoise(rest, extra), why: `${label}.${name}: required, missing` };
      }),
    );
  }
  for (const [name, propertySchema] of Object.entries(properties)) {
    const bad = violationsOf(propertySchema, location, `${label}.${name}`);
    if (bad.length === 0) continue;
    out.push(
      fc.tuple(base, fc.oneof(...bad), noise).map(([value, v, extra]) => ({
        value: withNoise({ ...value, [name]: v.value }, extra),
        why: v.why.startsWith(`${label}.${name}`) ? v.why : `${label}.${name}: ${v.why}`,
      })),
    );
  }
  if (strict && location !== 'path') {
    out.push(
      fc.tuple(base, fc.dictionary(extraKey, hostileString, { minKeys: 1, maxKeys: 3 })).map(([value, extra]) => ({
        value: { ...extra, ...value },
        why: `${label}: ${Object.keys(extra).length} unknown field(s)`,
      })),
    );
  } else if (typeof schema.additionalProperties === 'object') {
    const bad = violationsOf(schema.additionalProperties, location, `${label}.*`);
    if (bad.length > 0) {
      out.push(
        fc.tuple(base, extraKey, fc.oneof(...bad)).map(([value, key, v]) => ({
          value: { ...value, [key]: v.value },
          why: `${label}.${key} (extra field): ${v.why}`,
        })),
      );
    }
  }
  return out;
}

/** A value the schema accepts, with hostile text wherever any text is allowed; null when this module cannot build one. */
export function validValue(schema: JsonSchema, location: Location): fc.Arbitrary<unknown> | null {
  const text = location !== 'body';
  const raw = validJsonValue(schema, location);
  if (!raw) return null;
  return text ? raw.map((v) => (typeof v === 'string' ? v : JSON.stringify(v))) : raw;
}

function validJsonValue(schema: JsonSchema, location: Location): fc.Arbitrary<unknown> | null {
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (Array.isArray(schema.enum)) return schema.enum.length > 0 ? fc.constantFrom(...schema.enum) : null;
  const branches = schema.anyOf ?? schema.oneOf;
  if (branches) {
    const options = branches.map((branch) => validJsonValue(branch, location)).filter((a): a is fc.Arbitrary<unknown> => a !== null);
    return options.length > 0 ? fc.oneof(...options) : null;
  }
  if (schema.allOf) return schema.allOf.length === 1 ? validJsonValue(schema.allOf[0]!, location) : null;
  if (schema.$ref) return null;
  const types = acceptedTypes(schema);
  if (!types) return hostileString;
  const options: Array<fc.Arbitrary<unknown>> = [];
  if (types.has('string')) {
    const s = validString(schema);
    if (s) options.push(s);
  }
  if (types.has('integer') || types.has('number')) {
    const { low, high, lowInclusive, highInclusive } = bounds(schema);
    const min = Math.max(limit(low, -1e9), -1e9) + (lowInclusive ? 0 : 1);
    const max = Math.min(limit(high, 1e9), 1e9) - (highInclusive ? 0 : 1);
    if (min <= max) options.push(fc.integer({ min: Math.ceil(min), max: Math.floor(max) }));
  }
  if (types.has('boolean')) options.push(fc.boolean());
  if (types.has('null') && location === 'body') options.push(fc.constant(null));
  if (types.has('object') && location === 'body') {
    const o = validObject({ properties: {}, ...schema }, location);
    if (o) options.push(o);
  }
  if (types.has('array') && location === 'body') {
    const item = schema.items ? validJsonValue(schema.items, location) : hostileString;
    const minLength = schema.minItems ?? 0;
    if (item) options.push(fc.array(item, { minLength, maxLength: Math.min(schema.maxItems ?? minLength + 3, minLength + 3) }));
  }
  return options.length > 0 ? fc.oneof(...options) : null;
}

function validString(schema: JsonSchema): fc.Arbitrary<string> | null {
  if (schema.format && formatExamples[schema.format]) return fc.constantFrom(...formatExamples[schema.format]!);
  if (schema.pattern !== undefined) {
    let pattern: RegExp;
    try {
      pattern = new RegExp(schema.pattern, 'u');
    } catch {
      return null;
    }
    const fitsLength = (t: string) => codePoints(t) >= (schema.minLength ?? 0) && codePoints(t) <= (schema.maxLength ?? Infinity);
    const fits = [...hostileFragments, ...Object.values(formatExamples).flat(), 'x', '1', 'abc'].filter(
      (t) => pattern.test(t) && fitsLength(t),
    );
    const options: Array<fc.Arbitrary<string>> = fits.length > 0 ? [fc.constantFrom(...fits)] : [];
    try {
      const matching = fc.stringMatching(pattern).filter(fitsLength);
      // Only if it finds something: stringMatching knows a subset of regular expressions.
      if (fc.sample(matching, { seed: 1, numRuns: 3 }).length > 0) options.push(matching);
    } catch {
      // not a pattern fast-check can generate from
    }
    return options.length > 0 ? fc.oneof(...options) : null;
  }
  const min = schema.minLength ?? 0;
  const max = Math.min(schema.maxLength ?? 5000, 5000);
  if (min > max) return null;
  // No white space at either end, so a trimming schema (`z.string().trim()`) sees the same length.
  return hostileString.map((text) => {
    let value = [...text.trim()].slice(0, max).join('').trimEnd();
    while (codePoints(value) < min) value += 'x';
    return value;
  });
}

const formatExamples: Record<string, string[]> = {
  email: ['probe@example.com', "o'brien+test@example.co.id"],
  uuid: ['00000000-0000-4000-8000-000000000000'],
  date: ['2026-01-31'],
  'date-time': ['2026-01-31T08:00:00.000Z'],
  time: ['08:00:00'],
  ipv4: ['192.0.2.1'],
  ipv6: ['2001:db8::1'],
  uri: ['https://example.com/'],
};

/** An object with the required fields valid (hostile where any text will do) and some optional ones; null if impossible. */
export function validObject(
  schema: JsonSchema & { properties: Record<string, JsonSchema> },
  location: Location,
): fc.Arbitrary<Record<string, unknown>> | null {
  const required = new Set(schema.required ?? []);
  const fields: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [name, propertySchema] of Object.entries(schema.properties)) {
    const value = validValue(propertySchema, location);
    if (!value) {
      if (required.has(name)) return null;
      continue;
    }
    fields[name] = value;
  }
  return fc.record(fields, { requiredKeys: Object.keys(fields).filter((name) => required.has(name)) });
}

/**
 * One plain valid value (no hostile text): for requests that must be refused for another
 * reason than their input. Objects get their required fields, or every field with `allFields`.
 */
export function exampleValue(schema: JsonSchema, location: Location, options: { allFields?: boolean } = {}): unknown {
  const value = exampleJson(schema, options.allFields ?? false);
  if (location === 'body') return value;
  if (value && typeof value === 'object' && !Array.isArray(value))
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)]));
  return typeof value === 'string' ? value : JSON.stringify(value);
}

function exampleJson(schema: JsonSchema, allFields = false): unknown {
  if (schema.default !== undefined) return schema.default;
  if (schema.const !== undefined) return schema.const;
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return schema.enum[0];
  const branches = schema.anyOf ?? schema.oneOf ?? schema.allOf;
  if (branches && branches.length > 0) return exampleJson(branches[0]!);
  const types = acceptedTypes(schema) ?? new Set<JsonType>(['string']);
  if (types.has('object')) {
    const required = new Set(schema.required ?? []);
    return Object.fromEntries(
      Object.entries(schema.properties ?? {})
        .filter(([name]) => allFields || required.has(name))
        .map(([name, s]) => [name, exampleJson(s)]),
    );
  }
  if (types.has('integer') || types.has('number')) {
    const { low, high, lowInclusive } = bounds(schema);
    const floor = low === undefined ? 1 : Math.max(1, lowInclusive ? low : Math.floor(low) + 1);
    return high === undefined ? floor : Math.min(floor, high);
  }
  if (types.has('string')) {
    if (schema.format && formatExamples[schema.format]) return formatExamples[schema.format]![0];
    return 'x'.repeat(Math.max(1, schema.minLength ?? 1));
  }
  if (types.has('boolean')) return true;
  if (types.has('array')) return [];
  return null;
}
