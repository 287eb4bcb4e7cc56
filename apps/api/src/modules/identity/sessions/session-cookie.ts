import type { FastifyReply, FastifyRequest } from 'fastify';
import type { SessionPolicy } from './sessions.service';

/** The session cookie over plain http (the demo on localhost). */
export const sessionCookieName = 'bo_session';
/**
 * Over https the cookie carries the __Host- prefix: browsers accept it only with Secure, Path=/ and
 * no Domain, so no sibling subdomain or plain-http page can set or shadow it.
 */
const secureSessionCookieName = `__Host-${sessionCookieName}`;

const isHttps = (request: FastifyRequest) => request.protocol === 'https';
const cookieNameOf = (request: FastifyRequest) => (isHttps(request) ? secureSessionCookieName : sessionCookieName);

/** The session cookie's attributes; the clearing cookie of logout carries the same ones. */
const sessionCookieOptions = (request: FastifyRequest) =>
  ({ path: '/', httpOnly: true, sameSite: 'strict', secure: isHttps(request) }) as const;

/** The session token a request carries, if any: over https only the __Host- cookie counts. */
export const sessionTokenOf = (request: FastifyRequest): string | undefined => request.cookies[cookieNameOf(request)];

/** The cookie of a new session, kept by the browser for the session's whole lifetime. */
export function setSessionCookie(request: FastifyRequest, reply: FastifyReply, token: string, policy: SessionPolicy) {
  reply.setCookie(cookieNameOf(request), token, { ...sessionCookieOptions(request), maxAge: policy.absoluteHours * 3600 });
}

export function clearSessionCookie(request: FastifyRequest, reply: FastifyReply) {
  reply.clearCookie(cookieNameOf(request), sessionCookieOptions(request));
}
