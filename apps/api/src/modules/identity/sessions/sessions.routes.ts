import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponse, sessionResponse } from '@gold/contract';
import type { AppDeps } from '../../../app-deps';
import { signedInAdminOf } from './require-admin';
import { clearSessionCookie, sessionTokenOf } from './session-cookie';
import { signOut } from './sessions.service';

/** POST /account/logout: reachable without a session (an ended one is not an error). */
export const sessionPublicRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db }) => {
  app.post(
    '/account/logout',
    { schema: { tags: ['auth'], summary: 'End the current session', response: { 204: z.null() } } },
    async (request, reply) => {
      const token = sessionTokenOf(request);
      if (token) await signOut(db, token, request.ip);
      clearSessionCookie(request, reply);
      return reply.code(204).send(null);
    },
  );
};

/** The signed-in admin's own session. */
export const sessionAdminRoutes: FastifyPluginAsyncZod<AppDeps> = async (app) => {
  app.get(
    '/account/session',
    { schema: { tags: ['auth'], summary: 'Who is signed in', response: { 200: sessionResponse, 401: errorResponse } } },
    async (request) => ({ admin: signedInAdminOf(request) }),
  );
};
