import type { FastifyRequest } from 'fastify';
import type { SignedInAdmin } from '@gold/contract';
import { signedInAdminOf } from './require-admin';
import { sessionTokenOf } from './session-cookie';
import { hashSessionToken } from './session-token';

/** Who acts, from where, and with which session (kept on the actor's own password change). */
export interface Actor {
  admin: SignedInAdmin;
  ipAddress: string;
  sessionTokenHash: string | null;
}

/** The signed-in admin of a request, its address (for the audit log) and its session. */
export function actorOf(request: FastifyRequest): Actor {
  const token = sessionTokenOf(request);
  return { admin: signedInAdminOf(request), ipAddress: request.ip, sessionTokenHash: token ? hashSessionToken(token) : null };
}

/** Where a sign-in step comes from, recorded with the session it opens. */
export const clientOf = (request: FastifyRequest) => ({
  ipAddress: request.ip,
  userAgent: request.headers['user-agent']?.slice(0, 512) ?? null,
});
