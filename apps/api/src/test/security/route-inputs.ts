import fc from 'fast-check';
import {
  exampleValue,
  isFreeText,
  objectViolations,
  sharpFragments,
  validObject,
  validValue,
  violationsOf,
  type Violation,
} from './json-schema-inputs';
import type { DocumentedRoute, ObjectSchema } from './openapi-routes';

/** What a request carries: path parameters, query parameters and, for a body route, the JSON body (or none at all). */
export interface RequestInput {
  params: Record<string, unknown>;
  query: Record<string, unknown>;
  body?: { json: unknown } | { absent: true };
}

export const hasInput = (route: DocumentedRoute) => route.params !== null || route.query !== null || route.body !== null;

/** A plain valid request for the route (valid path and query examples, the body's example); `allFields` fills optional ones too. */
export function exampleRequest(route: DocumentedRoute, options: { allFields?: boolean } = {}): RequestInput {
  return {
    params: route.params ? (exampleValue(route.params, 'path') as Record<string, unknown>) : {},
    query: route.query ? (exampleValue(route.query, 'query', options) as Record<string, unknown>) : {},
    body: route.body ? { json: exampleValue(route.body.schema, 'body', options) } : undefined,
  };
}

/**
 * The plain example request and the one with every optional field filled (for a list: the
 * whole-list form and the page form), then every sharp fragment in every free-text path, query
 * and top-level body field, in turn, alternating between those two.
 */
export function fragmentSweep(
  route: DocumentedRoute,
  bases: [RequestInput, RequestInput] = [exampleRequest(route), exampleRequest(route, { allFields: true })],
): Array<{ input: RequestInput; why: string }> {
  const out: Array<{ input: RequestInput; why: string }> = [{ input: bases[0], why: 'the example request' }];
  if (JSON.stringify(bases[1]) !== JSON.stringify(bases[0])) out.push({ input: bases[1], why: 'the example with every optional field' });
  const bodySchema = route.body?.schema.properties ? (route.body.schema as ObjectSchema) : null;
  for (const part of ['params', 'query', 'body'] as const) {
    const schema = part === 'body' ? bodySchema : route[part];
    if (!schema) continue;
    for (const [name, propertySchema] of Object.entries(schema.properties)) {
      if (!isFreeText(propertySchema)) continue;
      const longest =
        propertySchema.maxLength !== undefined && propertySchema.maxLength <= 5000 ? ['ẞ'.repeat(propertySchema.maxLength)] : [];
      [...sharpFragments, ...longest]
        .filter(
          (fragment) =>
            [...fragment].length <= (propertySchema.maxLength ?? Infinity) && [...fragment].length >= (propertySchema.minLength ?? 0),
        )
        .forEach((fragment, i) => {
          const base = bases[i % 2]!;
          const input =
            part === 'body'
              ? { ...base, body: { json: { ...((base.body && 'json' in base.body ? base.body.json : {}) as object), [name]: fragment } } }
              : { ...base, [part]: { ...base[part], [name]: fragment } };
          out.push({
            input,
            why: `${part}.${name} = ${JSON.stringify(fragment.slice(0, 40))}`,
          });
        });
    }
  }
  return out;
}

/**
 * Requests that break the route's schema by construction: one location (path, query or body)
 * breaks a rule, the others are valid but hostile. Null when the route takes no input.
 */
export function badRequests(route: DocumentedRoute): fc.Arbitrary<Violation<RequestInput>> | null {
  const valid = validParts(route);
  if (!valid) return null;
  const cases: Array<fc.Arbitrary<Violation<RequestInput>>> = [];
  const withPart = (part: keyof RequestInput, bad: Array<fc.Arbitrary<Violation>>) => {
    if (bad.length === 0) return;
    cases.push(
      fc.tuple(valid, fc.oneof(...bad)).map(([input, v]) => ({
        value: { ...input, [part]: v.value },
        why: v.why,
      })),
    );
  };
  if (route.params) withPart('params', objectViolations(route.params, 'path', 'params'));
  if (route.query) withPart('query', objectViolations(route.query, 'query', 'query'));
  if (route.body) {
    const bad: Array<fc.Arbitrary<Violation>> = violationsOf(route.body.schema, 'body', 'body').map((arbitrary) =>
      arbitrary.map((v) => ({ value: { json: v.value }, why: v.why.startsWith('body') ? v.why : `body: ${v.why}` })),
    );
    if (route.body.required) bad.push(fc.constant({ value: { absent: true }, why: 'body: required, missing' }));
    withPart('body', bad);
  }
  return cases.length > 0 ? fc.oneof(...cases) : null;
}

/** Requests the schema accepts, with hostile text wherever any text is allowed (and unknown query parameters). */
export function hostileValidRequests(route: DocumentedRoute): fc.Arbitrary<RequestInput> | null {
  return validParts(route, { extraQuery: true });
}

function validParts(route: DocumentedRoute, options: { extraQuery?: boolean } = {}): fc.Arbitrary<RequestInput> | null {
  const none = fc.constant({} as Record<string, unknown>);
  const params = route.params ? validObject(route.params, 'path') : none;
  let query = route.query ? validObject(route.query, 'query') : none;
  const body = route.body ? validValue(route.body.schema, 'body') : null;
  if (!params || !query || (route.body && !body)) return null;
  if (options.extraQuery && route.query) query = withUnknownParameters(query, route.query);
  return fc.record({ params, query, ...(body ? { body: body.map((json) => ({ json })) } : {}) }) as fc.Arbitrary<RequestInput>;
}

function withUnknownParameters(query: fc.Arbitrary<Record<string, unknown>>, schema: ObjectSchema) {
  const name = fc
    .constantFrom('q', 'filter', 'where', 'orderBy', 'id', '__proto__', 'sort[]', "limit'--")
    .filter((n) => !(n in schema.properties));
  return fc
    .tuple(query, fc.option(fc.tuple(name, fc.string({ maxLength: 20 })), { nil: undefined }))
    .map(([q, extra]) => (extra ? { ...q, [extra[0]]: extra[1] } : q));
}
