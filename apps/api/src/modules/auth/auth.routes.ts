import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponse, loginBody, loginResponse, sessionResponse } from '@gold/contract';
import type { AppDeps } from '../../app-deps';
import { ConcurrencyGate } from '../../lib/concurrency-gate';
import { serviceUnavailable } from '../../lib/http-errors';
import { signIn, signOut } from './auth.service';
import { decoyPasswordHash } from './passwords';
import { sessionPolicy, signedInAdminOf } from './require-admin';
import { sessionCookieName } from './session-token';

/** The session cookie's attributes; the clearing cookie of logout carries the same ones. */
const sessionCookieOptions = (request: FastifyRequest) =>
  ({ path: '/', httpOnly: true, sameSite: 'strict', secure: request.protocol === 'https' }) as const;

export function setSessionCookie(request: FastifyRequest, reply: FastifyReply, token: string, maxAgeSeconds: number) {
  reply.setCookie(sessionCookieName, token, { ...sessionCookieOptions(request), maxAge: maxAgeSeconds });
}

/** POST /admin/login and POST /account/logout: reachable without a session. */
export const authPublicRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  // Password checks are CPU-heavy: a few at a time, a short queue, and past it an immediate 503,
  // so a burst of sign-ins cannot starve every other request (decisions.md).
  const signInGate = new ConcurrencyGate(deps.config.SIGN_IN_CONCURRENCY, deps.config.SIGN_IN_QUEUE);
  // The decoy hash is ready before the first unknown e-mail arrives.
  await decoyPasswordHash();

  app.post(
    '/admin/login',
    {
      schema: {
        tags: ['auth'],
        summary:
          'Sign in with e-mail and password; sets the session cookie, or, with two-factor sign-in, answers a token for POST /admin/login/two-factor',
        body: loginBody,
        response: { 200: loginResponse, 401: errorResponse, 429: errorResponse, 503: errorResponse },
      },
    },
    async (request, reply) => {
      const outcome = await signInGate.run(() =>
        signIn(
          deps.db,
          { ...sessionPolicy(deps), requireTwoFactor: deps.config.REQUIRE_TWO_FACTOR },
          {
            email: request.body.email,
            password: request.body.password,
            ipAddress: request.ip,
            userAgent: request.headers['user-agent']?.slice(0, 512) ?? null,
          },
        ),
      );
      if (!outcome) throw serviceUnavailable('Too many sign-ins at once. Try again in a second.', 1);
      if ('challenge' in outcome.value) return outcome.value.challenge;
      const { token, admin } = outcome.value;
      setSessionCookie(request, reply, token, deps.config.SESSION_ABSOLUTE_HOURS * 3600);
      return { admin };
    },
  );

  app.post(
    '/account/logout',
    { schema: { tags: ['auth'], summary: 'End the current session', response: { 204: z.null() } } },
    async (request, reply) => {
      const token = request.cookies[sessionCookieName];
      if (token) await signOut(deps.db, token, request.ip);
      reply.clearCookie(sessionCookieName, sessionCookieOptions(request));
      return reply.code(204).send(null);
    },
  );
};

/** Routes of the signed-in admin's own account. */
export const accountRoutes: FastifyPluginAsyncZod<AppDeps> = async (app) => {
  app.get(
    '/account/session',
    { schema: { tags: ['auth'], summary: 'Who is signed in', response: { 200: sessionResponse, 401: errorResponse } } },
    async (request) => ({ admin: signedInAdminOf(request) }),
  );
};
