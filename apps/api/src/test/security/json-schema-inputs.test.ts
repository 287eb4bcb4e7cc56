/**
 * The security suite trusts json-schema-inputs.ts to break a schema "by construction": if it
 * produced an input the server accepts, the suite would report a write or a 2xx that is no bug.
 * These tests check the generators against zod itself, the validator behind every route: the
 * contract's schemas and a synthetic one with the constructs routes are likely to use, turned
 * into JSON Schema the way the OpenAPI document does (openapi-3.0, input side).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { idParams, loginBody, customerListQuery } from '@gold/contract';
import { objectViolations, validObject, violationsOf, type JsonSchema, type Location } from './json-schema-inputs';
import type { ObjectSchema } from './openapi-routes';

const seed = 20261122;
const toJsonSchema = (schema: z.ZodType) =>
  z.toJSONSchema(schema, { target: 'openapi-3.0', io: 'input', unrepresentable: 'any' }) as unknown as JsonSchema;

/** Query and path parameters as the OpenAPI document lists them: one schema per parameter, no strictness. */
const asParameters = (schema: z.ZodType): ObjectSchema => {
  const json = toJsonSchema(schema);
  return { type: 'object', properties: json.properties ?? {}, required: json.required ?? [] };
};

const synthetic = z.strictObject({
  name: z.string().trim().min(2).max(40),
  email: z.email(),
  grams: z.number().int().positive().max(1000),
  ratio: z.number().min(0).max(1),
  status: z.enum(['REQUESTED', 'REJECTED']),
  note: z.string().max(200).nullable(),
  tags: z.array(z.string().max(10)).min(1).max(3),
  address: z.object({ city: z.string().min(1), zip: z.string().regex(/^\d{5}$/) }),
  slot: z.union([z.literal(8), z.literal(10)]),
  count: z.coerce.number().int().min(0).optional(),
});

const syntheticQuery = z.strictObject({
  id: z.coerce.number().int().positive(),
  limit: z.coerce.number().int().min(1).max(100).optional(),
  status: z.enum(['REQUESTED', 'REJECTED']).optional(),
  from: z.iso.date().optional(),
  q: z.string().trim().max(50).optional(),
});

const cases: Array<{ name: string; zod: z.ZodType; location: Location; schema: () => ObjectSchema }> = [
  { name: 'loginBody', zod: loginBody, location: 'body', schema: () => toJsonSchema(loginBody) as ObjectSchema },
  { name: 'a synthetic body', zod: synthetic, location: 'body', schema: () => toJsonSchema(synthetic) as ObjectSchema },
  { name: 'customerListQuery', zod: customerListQuery, location: 'query', schema: () => asParameters(customerListQuery) },
  { name: 'a synthetic query', zod: syntheticQuery, location: 'query', schema: () => asParameters(syntheticQuery) },
  { name: 'idParams', zod: idParams, location: 'path', schema: () => asParameters(idParams) },
];

describe('bad input generated from JSON Schema', () => {
  it.each(cases)('is refused by zod for $name', ({ zod, location, schema }) => {
    const json = schema();
    const violations =
      location === 'body' ? violationsOf(json, 'body', 'body') : objectViolations(json as ObjectSchema & JsonSchema, location);
    expect(violations.length).toBeGreaterThan(0);
    fc.assert(
      fc.property(fc.oneof(...violations), ({ value, why }) => {
        const result = zod.safeParse(value);
        if (result.success) throw new Error(`accepted (${why}): ${JSON.stringify(value)}`);
      }),
      { seed, numRuns: 400 },
    );
  });

  it('covers every field of a schema with at least one rule to break', () => {
    const json = toJsonSchema(synthetic) as ObjectSchema;
    const reasons = new Set(
      fc.sample(fc.oneof(...violationsOf(json, 'body', 'body')), { seed, numRuns: 2000 }).map(({ why }) => why.split(':')[0]),
    );
    for (const field of Object.keys(synthetic.shape)) expect(reasons, field).toContain(`body.${field}`);
    expect(reasons).toContain('body');
  });

  it('makes valid hostile input that zod accepts', () => {
    const arbitrary = validObject(toJsonSchema(synthetic) as ObjectSchema, 'body');
    expect(arbitrary).not.toBeNull();
    fc.assert(
      fc.property(arbitrary!, (value) => {
        const result = synthetic.safeParse(value);
        if (!result.success) throw new Error(`refused ${JSON.stringify(value)}: ${result.error.message}`);
      }),
      { seed, numRuns: 200 },
    );
  });
});
