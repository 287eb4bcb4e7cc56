import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  accountProfileResponse,
  changePasswordBody,
  changePasswordResponse,
  errorResponse,
  updateLanguageBody,
  updateLanguageResponse,
  updateProfileBody,
} from '@gold/contract';
import type { AppDeps } from '../../../app-deps';
import { actorOf } from '../sessions/actor';
import { secondFactorKeys } from '../two-factor/second-factor-keys';
import { changeOwnPassword, getProfile, setLanguage, updateProfile } from './profile.service';

/** Profile: the signed-in admin's own account. */
export const profileRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db, otpKey }) => {
  const keys = secondFactorKeys(otpKey);
  app.get(
    '/account/profile',
    {
      schema: {
        tags: ['account'],
        summary: 'Your name, e-mail, phone and sign-in settings',
        response: { 200: accountProfileResponse, 401: errorResponse },
      },
    },
    async (request) => ({ data: await getProfile(db, actorOf(request).admin.id) }),
  );

  app.post(
    '/account/profile',
    {
      schema: {
        tags: ['account'],
        summary: 'Update your phone number (checked, stored in E.164; empty or null removes it)',
        body: updateProfileBody,
        response: { 200: accountProfileResponse, 400: errorResponse, 401: errorResponse },
      },
    },
    async (request) => ({ data: await updateProfile(db, actorOf(request), request.body) }),
  );

  app.put(
    '/admin/profile/language',
    {
      schema: {
        tags: ['account'],
        summary: 'Remember your console language (en or id); applied at your next sign-in',
        body: updateLanguageBody,
        response: { 200: updateLanguageResponse, 400: errorResponse, 401: errorResponse },
      },
    },
    async (request) => ({ language: await setLanguage(db, actorOf(request), request.body.language) }),
  );

  app.post(
    '/account/password',
    {
      schema: {
        tags: ['account'],
        summary:
          'Change your password with the current one and, when you have a second factor, a code (throttled like sign-in); your other sessions end',
        body: changePasswordBody,
        response: { 200: changePasswordResponse, 400: errorResponse, 401: errorResponse, 429: errorResponse },
      },
    },
    async (request) => ({ changed: true as const, ...(await changeOwnPassword(db, keys, actorOf(request), request.body)) }),
  );
};
