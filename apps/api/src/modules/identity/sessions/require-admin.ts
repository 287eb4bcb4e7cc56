import type { FastifyRequest } from 'fastify';
import type { SignedInAdmin } from '@gold/contract';
import type { AppDeps } from '../../../app-deps';
import { unauthorized } from '../../../lib/http-errors';
import { sessionTokenOf } from './session-cookie';
import { resolveSession, sessionPolicy } from './sessions.service';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by requireAdmin on every route of the admin scope. */
    admin: SignedInAdmin | null;
  }
}

/** onRequest hook for the admin scope: throws 401 unless the cookie names a live session. */
export function requireAdmin(deps: AppDeps) {
  const policy = sessionPolicy(deps);
  return async (request: FastifyRequest) => {
    const token = sessionTokenOf(request);
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
