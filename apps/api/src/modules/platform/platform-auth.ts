import type { FastifyRequest } from 'fastify';
import type { PlatformScope } from '@gold/contract';
import type { AppDeps } from '../../app-deps';
import { HttpError, forbidden } from '../../lib/http-errors';
import { checkCredential, type PlatformCaller } from '../credentials/credentials.repository';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by requirePlatformCredential on every route of the platform scope. */
    platformCaller: PlatformCaller | null;
  }
  interface FastifyContextConfig {
    /** The scope a platform route needs. */
    platformScope?: PlatformScope;
  }
}

/**
 * The challenge RFC 6750 asks for with a 401. Each refusal writes its message as a literal (the
 * console's server message catalogue reads it from there).
 */
const bearerChallenge = (error?: 'invalid_token') => ({
  'www-authenticate': error ? `Bearer realm="platform", error="${error}"` : 'Bearer realm="platform"',
});

/**
 * onRequest hook of the platform scope: a live credential (Authorization: Bearer) with the
 * route's scope, else 401 (none, unknown, revoked, expired) or 403 (the scope is missing). An
 * admin session opens nothing here. Runs before the input is read, so a refusal reveals nothing.
 */
export function requirePlatformCredential(deps: Pick<AppDeps, 'db'>) {
  return async (request: FastifyRequest) => {
    const header = request.headers.authorization;
    const match = header ? /^Bearer ([\x21-\x7e]{1,300})$/i.exec(header) : null;
    if (!match) throw new HttpError(401, 'A platform credential is required: Authorization: Bearer <secret>', bearerChallenge());
    const check = await checkCredential(deps.db, match[1]!);
    if (check.kind === 'revoked') throw new HttpError(401, 'This credential has been revoked', bearerChallenge('invalid_token'));
    if (check.kind === 'expired') throw new HttpError(401, 'This credential has expired', bearerChallenge('invalid_token'));
    if (check.kind !== 'ok') throw new HttpError(401, 'Unknown credential', bearerChallenge('invalid_token'));
    const scope = request.routeOptions.config.platformScope;
    if (!scope) throw forbidden('This route takes no platform credential');
    if (!check.caller.scopes.includes(scope)) throw forbidden(`This credential lacks the ${scope} scope`);
    request.platformCaller = check.caller;
  };
}

/** The caller of a request that passed requirePlatformCredential. */
export function platformCallerOf(request: FastifyRequest): PlatformCaller {
  if (!request.platformCaller) throw new Error('route is outside the platform scope');
  return request.platformCaller;
}
