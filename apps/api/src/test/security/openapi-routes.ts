import type { JsonSchema } from './json-schema-inputs';

/**
 * The routes of the API as its OpenAPI document describes them: the security suite reads
 * this list instead of keeping one of its own, so a route is covered the day it is added.
 */
export interface DocumentedRoute {
  /** Upper-case HTTP method. */
  method: string;
  /** OpenAPI path template, e.g. `/api/admin/users/{id}`. */
  path: string;
  /** `METHOD path`, e.g. `GET /api/admin/list/users`. */
  key: string;
  /** Path parameters, as one object schema (every property required). */
  params: ObjectSchema | null;
  /** Query parameters, as one object schema (strictness is not in the document). */
  query: ObjectSchema | null;
  /** The JSON request body, if the route declares one. */
  body: { schema: JsonSchema; required: boolean } | null;
  /** POST, PUT, PATCH or DELETE. */
  stateChanging: boolean;
  /**
   * What the document says about authentication: `public` for an empty `security`
   * requirement, `protected` for a non-empty one, `undeclared` when it says nothing.
   */
  declaredSecurity: 'public' | 'protected' | 'undeclared';
  /** Media types other than JSON that the document declares for a 2xx answer (e.g. `text/csv` of an export). */
  otherSuccessTypes: string[];
}

export type ObjectSchema = JsonSchema & { type: 'object'; properties: Record<string, JsonSchema>; required: string[] };

interface OpenApiParameter {
  name: string;
  in: string;
  required?: boolean;
  schema?: JsonSchema;
}

interface OpenApiOperation {
  parameters?: OpenApiParameter[];
  requestBody?: { required?: boolean; content?: Record<string, { schema?: JsonSchema }> };
  security?: Array<Record<string, string[]>>;
  responses?: Record<string, { content?: Record<string, unknown> }>;
}

export interface OpenApiDocument {
  paths: Record<string, Record<string, OpenApiOperation>>;
  security?: Array<Record<string, string[]>>;
  components?: { schemas?: Record<string, JsonSchema> };
}

const httpMethods = ['get', 'put', 'post', 'patch', 'delete', 'head', 'options'];
const stateChangingMethods = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export function documentedRoutes(doc: OpenApiDocument): DocumentedRoute[] {
  const routes: DocumentedRoute[] = [];
  for (const [path, operations] of Object.entries(doc.paths ?? {})) {
    for (const [lowerMethod, operation] of Object.entries(operations)) {
      if (!httpMethods.includes(lowerMethod)) continue;
      const method = lowerMethod.toUpperCase();
      const parameters = (operation.parameters ?? []).map((p) => ({ ...p, schema: inlineRefs(p.schema ?? {}, doc) }));
      const bodySchema = operation.requestBody?.content?.['application/json']?.schema;
      const security = operation.security ?? doc.security;
      routes.push({
        method,
        path,
        key: `${method} ${path}`,
        params: parametersIn(parameters, 'path'),
        query: parametersIn(parameters, 'query'),
        body: bodySchema ? { schema: inlineRefs(bodySchema, doc), required: operation.requestBody?.required ?? false } : null,
        stateChanging: stateChangingMethods.has(method),
        declaredSecurity: security === undefined ? 'undeclared' : security.length === 0 ? 'public' : 'protected',
        otherSuccessTypes: Object.entries(operation.responses ?? {})
          .filter(([status]) => /^2\d\d$/.test(status))
          .flatMap(([, response]) => Object.keys(response.content ?? {}))
          .filter((type) => type !== 'application/json'),
      });
    }
  }
  return routes.sort((a, b) => a.key.localeCompare(b.key));
}

function parametersIn(parameters: Array<OpenApiParameter & { schema: JsonSchema }>, location: 'path' | 'query'): ObjectSchema | null {
  const mine = parameters.filter((p) => p.in === location);
  if (mine.length === 0) return null;
  return {
    type: 'object',
    properties: Object.fromEntries(mine.map((p) => [p.name, p.schema])),
    required: mine.filter((p) => location === 'path' || p.required).map((p) => p.name),
  };
}

/** Replaces `#/components/schemas/...` references by the schemas they name (cycles stay references). */
function inlineRefs(schema: JsonSchema, doc: OpenApiDocument, seen: string[] = []): JsonSchema {
  if (Array.isArray(schema)) return schema.map((entry) => inlineRefs(entry as JsonSchema, doc, seen)) as unknown as JsonSchema;
  if (schema === null || typeof schema !== 'object') return schema;
  const ref = schema.$ref;
  if (typeof ref === 'string' && ref.startsWith('#/components/schemas/') && !seen.includes(ref)) {
    const target = doc.components?.schemas?.[ref.slice('#/components/schemas/'.length)];
    if (target) return inlineRefs(target, doc, [...seen, ref]);
  }
  const result: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key === 'enum' || key === 'const' || key === 'default' || key === 'example' || key === 'examples') result[key] = value;
    else if (key === 'properties' && value && typeof value === 'object')
      result[key] = Object.fromEntries(Object.entries(value).map(([name, sub]) => [name, inlineRefs(sub as JsonSchema, doc, seen)]));
    else if (value && typeof value === 'object') result[key] = inlineRefs(value as JsonSchema, doc, seen);
    else result[key] = value;
  }
  return result as JsonSchema;
}

/** A concrete URL for a path template and query values (lone surrogates become U+FFFD, as a browser would send them). */
export function concreteUrl(template: string, params: Record<string, unknown>, query: Record<string, unknown> = {}): string {
  const path = template.replace(/\{([^}]+)\}/g, (_, name: string) => encodeURIComponent(wellFormed(String(params[name] ?? ''))));
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value]) search.append(name, String(item));
  }
  const qs = search.toString();
  return qs ? `${path}?${qs}` : path;
}

function wellFormed(text: string): string {
  return text.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD');
}
