import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { accountSessionsResponse, endOtherSessionsResponse, errorResponse, sessionResponse } from '@gold/contract';
import type { AppDeps } from '../../../app-deps';
import { signedInAdminOf } from './require-admin';
import { clearSessionCookie, sessionTokenOf } from './session-cookie';
import { actorOf } from './actor';
import { listLiveSessions } from './sessions.repository';
import { endOtherSessions, sessionPolicy, signOut } from './sessions.service';

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

/** The signed-in admin's own sessions. */
export const sessionAdminRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const { idleMinutes } = sessionPolicy(deps);
  app.get(
    '/account/session',
    { schema: { tags: ['auth'], summary: 'Who is signed in', response: { 200: sessionResponse, 401: errorResponse } } },
    async (request) => ({ admin: signedInAdminOf(request) }),
  );

  app.get(
    '/account/sessions',
    {
      schema: {
        tags: ['account'],
        summary: 'Your live sessions: device (User-Agent), address, opened and last used; the current one marked',
        response: { 200: accountSessionsResponse, 401: errorResponse },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      return { data: await listLiveSessions(deps.db, actor.admin.id, idleMinutes, actor.sessionTokenHash) };
    },
  );

  app.post(
    '/account/sessions/end-others',
    {
      schema: {
        tags: ['account'],
        summary: 'End every session of yours but this one (audited)',
        response: { 200: endOtherSessionsResponse, 401: errorResponse },
      },
    },
    async (request) => ({ endedSessions: await endOtherSessions(deps.db, actorOf(request)) }),
  );
};
