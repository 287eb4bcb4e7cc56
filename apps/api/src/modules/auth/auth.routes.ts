import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponse, loginBody, sessionResponse } from '@gold/contract';
import type { AppDeps } from '../../app-deps';
import { signIn, signOut } from './auth.service';
import { sessionPolicy, signedInAdminOf } from './require-admin';
import { sessionCookieName } from './session-token';

function setSessionCookie(request: FastifyRequest, reply: FastifyReply, token: string, maxAgeSeconds: number) {
  reply.setCookie(sessionCookieName, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'strict',
    secure: request.protocol === 'https',
    maxAge: maxAgeSeconds,
  });
}

/** POST /admin/login and POST /account/logout: reachable without a session. */
export const authPublicRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  app.post(
    '/admin/login',
    {
      schema: {
        tags: ['auth'],
        summary: 'Sign in with e-mail and password; sets the session cookie',
        body: loginBody,
        response: { 200: sessionResponse, 401: errorResponse, 429: errorResponse },
      },
    },
    async (request, reply) => {
      const { token, admin } = await signIn(deps.db, sessionPolicy(deps), {
        email: request.body.email,
        password: request.body.password,
        ipAddress: request.ip,
        userAgent: request.headers['user-agent']?.slice(0, 512) ?? null,
      });
      setSessionCookie(request, reply, token, deps.config.SESSION_ABSOLUTE_HOURS * 3600);
      return { admin };
    },
  );

  app.post(
    '/account/logout',
    { schema: { tags: ['auth'], summary: 'End the current session', response: { 204: z.null() } } },
    async (request, reply) => {
      const token = request.cookies[sessionCookieName];
      if (token) await signOut(deps.db, token);
      reply.clearCookie(sessionCookieName, { path: '/' });
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
