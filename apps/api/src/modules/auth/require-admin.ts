import type { FastifyRequest } from 'fastify';
import type { SignedInAdmin } from '@gold/contract';
import type { AppDeps } from '../../app-deps';
import { unauthorized } from '../../lib/http-errors';
import { resolveSession } from './auth.service';
import { sessionCookieName } from './session-token';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by requireAdmin on every route of the admin scope. */
    admin: SignedInAdmin | null;
  }
}

export const sessionPolicy = (deps: AppDeps) => ({
  idleMinutes: deps.config.SESSION_IDLE_MINUTES,
  absoluteHours: deps.config.SESSION_ABSOLUTE_HOURS,
});

/** onRequest hook for the admin scope: throws 401 unless the cookie names a live session. */
export function requireAdmin(deps: AppDeps) {
  const policy = sessionPolicy(deps);
  return async (request: FastifyRequest) => {
    const token = request.cookies[sessionCookieName];
    const session = token ? await resolveSession(deps.db, policy, token) : null;
    if (!session) throw unauthorized();
    request.admin = session.admin;
  };
}

/** The admin of a request that passed requireAdmin. */
export function signedInAdminOf(request: FastifyRequest): SignedInAdmin {
  if (!request.admin) throw new Error('route is outside the admin scope');
  return request.admin;
}
