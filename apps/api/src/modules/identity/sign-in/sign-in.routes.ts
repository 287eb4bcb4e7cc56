import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponse, loginBody, loginResponse } from '@gold/contract';
import type { AppDeps } from '../../../app-deps';
import { ConcurrencyGate } from '../../../lib/concurrency-gate';
import { serviceUnavailable } from '../../../lib/http-errors';
import { decoyPasswordHash } from '../admins/passwords';
import { clientOf } from '../sessions/actor';
import { setSessionCookie } from '../sessions/session-cookie';
import { sessionPolicy } from '../sessions/sessions.service';
import { signIn } from './sign-in.service';

/** POST /admin/login: reachable without a session. */
export const signInRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const policy = sessionPolicy(deps);
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
          { ...policy, requireTwoFactor: deps.config.REQUIRE_TWO_FACTOR },
          { email: request.body.email, password: request.body.password, ...clientOf(request) },
        ),
      );
      if (!outcome) throw serviceUnavailable('Too many sign-ins at once. Try again in a second.', 1);
      if ('challenge' in outcome.value) return outcome.value.challenge;
      const { token, admin, signInLocks } = outcome.value;
      setSessionCookie(request, reply, token, policy);
      return { admin, signInLocks };
    },
  );
};
