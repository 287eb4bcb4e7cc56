import type { FastifyReply, FastifyRequest } from 'fastify';
import type { SessionPolicy } from './sessions.service';

export const sessionCookieName = 'bo_session';

/** The session cookie's attributes; the clearing cookie of logout carries the same ones. */
const sessionCookieOptions = (request: FastifyRequest) =>
  ({ path: '/', httpOnly: true, sameSite: 'strict', secure: request.protocol === 'https' }) as const;

/** The session token a request carries, if any. */
export const sessionTokenOf = (request: FastifyRequest): string | undefined => request.cookies[sessionCookieName];

/** The cookie of a new session, kept by the browser for the session's whole lifetime. */
export function setSessionCookie(request: FastifyRequest, reply: FastifyReply, token: string, policy: SessionPolicy) {
  reply.setCookie(sessionCookieName, token, { ...sessionCookieOptions(request), maxAge: policy.absoluteHours * 3600 });
}

export function clearSessionCookie(request: FastifyRequest, reply: FastifyReply) {
  reply.clearCookie(sessionCookieName, sessionCookieOptions(request));
}
