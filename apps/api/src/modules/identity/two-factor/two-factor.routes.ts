import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminDetailResponse,
  errorResponse,
  idParams,
  loginTwoFactorBody,
  loginTwoFactorEnableBody,
  loginTwoFactorEnableResponse,
  loginTwoFactorSetupBody,
  reauthBody,
  recoveryCodesResponse,
  signInSessionResponse,
  twoFactorEnableBody,
  twoFactorSetupResponse,
} from '@gold/contract';
import type { AppDeps } from '../../../app-deps';
import { actorOf, clientOf } from '../sessions/actor';
import { setSessionCookie } from '../sessions/session-cookie';
import { sessionPolicy } from '../sessions/sessions.service';
import { secondFactorKeys } from './second-factor-keys';
import { sealStoredSecondFactors } from './two-factor.repository';
import { enableAtSignIn, enableForSelf, resetForAdmin, setupAtSignIn, setupForSelf, signInSecondStep } from './two-factor.service';

/** The second step of sign-in (no session yet: the token of POST /admin/login stands in for it). */
export const twoFactorPublicRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const policy = sessionPolicy(deps);
  const keys = secondFactorKeys(deps.otpKey);
  // Secrets stored in clear by older versions are sealed before the first request.
  const sealed = await sealStoredSecondFactors(deps.db, keys);
  if (sealed.secrets + sealed.recoveryCodes > 0) app.log.info(sealed, 'second factors stored in clear were sealed');
  const errors = { 400: errorResponse, 401: errorResponse, 409: errorResponse, 429: errorResponse };

  app.post(
    '/admin/login/two-factor',
    {
      schema: {
        tags: ['auth'],
        summary: "Second step of sign-in: the app's 6-digit code (accepted once) or a recovery code; sets the session cookie",
        body: loginTwoFactorBody,
        response: { 200: signInSessionResponse, ...errors },
      },
    },
    async (request, reply) => {
      const { token, admin, signInLocks } = await signInSecondStep(deps.db, keys, policy, {
        ...request.body,
        ...clientOf(request),
      });
      setSessionCookie(request, reply, token, policy);
      return { admin, signInLocks };
    },
  );

  app.post(
    '/admin/login/two-factor/setup',
    {
      schema: {
        tags: ['auth'],
        summary: 'Enrolment forced at sign-in (REQUIRE_TWO_FACTOR): a secret and QR code to scan',
        body: loginTwoFactorSetupBody,
        response: { 200: twoFactorSetupResponse, ...errors },
      },
    },
    async (request) => setupAtSignIn(deps.db, keys, request.body.token),
  );

  app.post(
    '/admin/login/two-factor/enable',
    {
      schema: {
        tags: ['auth'],
        summary: 'Completes enrolment forced at sign-in with a code from the app: the recovery codes (shown once) and the session',
        body: loginTwoFactorEnableBody,
        response: { 200: loginTwoFactorEnableResponse, ...errors },
      },
    },
    async (request, reply) => {
      const { token, admin, recoveryCodes, signInLocks } = await enableAtSignIn(deps.db, keys, policy, {
        ...request.body,
        ...clientOf(request),
      });
      setSessionCookie(request, reply, token, policy);
      return { admin, recoveryCodes, signInLocks };
    },
  );
};

/** Enrolment from Profile, and an admin resetting another's second factor. */
export const twoFactorAdminRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db, otpKey }) => {
  const keys = secondFactorKeys(otpKey);
  app.post(
    '/account/two-factor/setup',
    {
      schema: {
        tags: ['account'],
        summary:
          'Start enrolling an authenticator app, with your password (reauth): the secret, its otpauth URI and a QR code (not active until confirmed)',
        body: reauthBody,
        response: { 200: twoFactorSetupResponse, 400: errorResponse, 401: errorResponse, 409: errorResponse, 429: errorResponse },
      },
    },
    async (request) => setupForSelf(db, keys, actorOf(request), request.body.reauth),
  );

  app.post(
    '/account/two-factor/enable',
    {
      schema: {
        tags: ['account'],
        summary: 'Confirm enrolment with a code from the app; answers ten one-use recovery codes, shown once',
        body: twoFactorEnableBody,
        response: { 200: recoveryCodesResponse, 400: errorResponse, 401: errorResponse, 409: errorResponse, 429: errorResponse },
      },
    },
    async (request) => ({ recoveryCodes: await enableForSelf(db, keys, actorOf(request), request.body.code) }),
  );

  app.post(
    '/admin/two-factor/reset/:id',
    {
      schema: {
        tags: ['admins'],
        summary: "Remove another admin's second factor (a lost phone), with your password and second factor (reauth); audited",
        params: idParams,
        body: reauthBody,
        response: {
          200: adminDetailResponse,
          400: errorResponse,
          401: errorResponse,
          404: errorResponse,
          409: errorResponse,
          429: errorResponse,
        },
      },
    },
    async (request) => ({ data: [await resetForAdmin(db, keys, actorOf(request), request.params.id, request.body.reauth)] }),
  );
};
