import type { FastifyDynamicSwaggerOptions } from '@fastify/swagger';
import type { RouteOptions } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { errorResponse } from '@gold/contract';
import { sessionCookieName } from '../modules/identity/sessions/session-cookie';

/**
 * The OpenAPI document (GET /api/openapi.json), built from the routes' zod schemas: both ways in
 * are declared as security schemes and every operation names its own (admin routes the session,
 * platform routes the Bearer credential and scope, the rest none), has an operationId (its own,
 * or one made from its method and path) and at least one documented 4xx answer.
 */

type Schema = Record<string, unknown> & { response?: Record<string, unknown> };

/** `GET /api/admin/list/users` -> `getAdminListUsers`; path parameters become `By<Name>`. */
function operationIdOf(method: string, url: string): string {
  const words = url
    .replace(/^\/api\//, '/')
    .split('/')
    .filter(Boolean)
    .flatMap((part) => (part.startsWith(':') ? ['by', part.slice(1)] : part.split(/[^A-Za-z0-9]+/)))
    .filter(Boolean);
  return [method.toLowerCase(), ...words.map((w) => w[0]!.toUpperCase() + w.slice(1))].join('');
}

/** onRoute hook of the admin scope: its routes take the session cookie. */
export function declareSessionSecurity(route: RouteOptions): void {
  const schema = (route.schema ?? {}) as Schema;
  if (schema.hide) return;
  route.schema = { ...schema, security: schema.security ?? [{ session: [] }] } as RouteOptions['schema'];
}

export function openApiOptions(): FastifyDynamicSwaggerOptions {
  return {
    openapi: {
      info: {
        title: 'Gold Back Office API',
        version: '1.0.0',
        description:
          'Back-office API of the gold-backed token platform. Admin routes (/api/admin, /api/account) take the session cookie; ' +
          'the customer platform calls /api/platform with a Bearer credential made in the console, and sends an Idempotency-Key with every POST.',
        // Not open source: no licence page to link (the linter's info-license-strict is off for that reason alone).
        license: { name: 'Proprietary' },
      },
      servers: [{ url: '/', description: 'This server (the console and the API share one origin)' }],
      components: {
        securitySchemes: {
          // Named as a deployment (https) sets it; plain http (the demo on localhost) drops the prefix.
          session: {
            type: 'apiKey',
            in: 'cookie',
            name: `__Host-${sessionCookieName}`,
            description:
              `An admin's session, set by POST /api/admin/login: \`__Host-${sessionCookieName}\` over https (Secure, Path=/, no Domain), ` +
              `\`${sessionCookieName}\` over plain http (the local demo); only the one matching the request's protocol is read`,
          },
          platformBearer: {
            type: 'http',
            scheme: 'bearer',
            description: 'An integration credential made in the console (Credentials); each platform route names the scope it needs',
          },
        },
      },
    },
    transform(input) {
      const schema = { ...(input.schema as Schema) };
      if (!schema.hide) {
        schema.operationId ??= operationIdOf(String(input.route.method), input.route.url);
        schema.security ??= [];
        // Any route can meet a malformed request (a body it cannot parse, a bad header): the error's shape is documented.
        const responses = schema.response ?? {};
        if (!Object.keys(responses).some((code) => code.startsWith('4'))) schema.response = { ...responses, 400: errorResponse };
      }
      return jsonSchemaTransform({ ...input, schema } as Parameters<typeof jsonSchemaTransform>[0]);
    },
  };
}
