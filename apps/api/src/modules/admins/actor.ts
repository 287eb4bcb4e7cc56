import type { FastifyRequest } from 'fastify';
import { signedInAdminOf } from '../auth/require-admin';
import { hashSessionToken, sessionCookieName } from '../auth/session-token';
import type { Actor } from './admins.service';

/** The signed-in admin of a request, its address (for the audit log) and its session. */
export function actorOf(request: FastifyRequest): Actor {
  const token = request.cookies[sessionCookieName];
  return { admin: signedInAdminOf(request), ipAddress: request.ip, sessionTokenHash: token ? hashSessionToken(token) : null };
}
