import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  createCredentialBody,
  createdCredentialResponse,
  credential,
  credentialListResponse,
  errorResponse,
  idParams,
} from '@gold/contract';
import type { AppDeps } from '../../app-deps';
import { badRequest } from '../../lib/http-errors';
import { actorOf } from '../identity/sessions/actor';
import { signedInAdminOf } from '../identity/sessions/require-admin';
import { requireReauthentication } from '../identity/two-factor/reauthentication';
import { secondFactorKeys } from '../identity/two-factor/second-factor-keys';
import { createCredential, listCredentials, revokeCredential } from './credentials.repository';

const tags = ['credentials'];
const security = [{ session: [] }];

/** Integration credentials of the customer platform (admin side): list, create (secret shown once), revoke. */
export const credentialsRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db, otpKey }) => {
  const keys = secondFactorKeys(otpKey);
  app.get(
    '/admin/credentials',
    {
      schema: {
        operationId: 'listCredentials',
        tags,
        security,
        summary: 'Integration credentials, newest first, with their scopes, status and last use (never their secrets)',
        response: { 200: credentialListResponse, 401: errorResponse },
      },
    },
    async () => ({ data: await listCredentials(db) }),
  );

  app.post(
    '/admin/credentials',
    {
      schema: {
        operationId: 'createCredential',
        tags,
        security,
        summary:
          "Creates a credential for the customer platform; its secret is in this answer only. Requires the admin's password (and second factor) in reauth",
        body: createCredentialBody,
        response: { 201: createdCredentialResponse, 400: errorResponse, 401: errorResponse, 403: errorResponse, 429: errorResponse },
      },
    },
    async (request, reply) => {
      const { expiresAt, reauth } = request.body;
      if (expiresAt !== undefined && Date.parse(expiresAt) <= Date.now()) throw badRequest('expiresAt must be in the future');
      // A credential is a new way in: only from the admin at the keyboard, not from a stolen session.
      await requireReauthentication(db, keys, actorOf(request), reauth);
      const created = await createCredential(db, { adminId: signedInAdminOf(request).id, ipAddress: request.ip }, request.body);
      return reply.code(201).send(created);
    },
  );

  app.post(
    '/admin/credentials/:id/revoke',
    {
      schema: {
        operationId: 'revokeCredential',
        tags,
        security,
        summary: 'Revokes a credential: every later call with it is refused',
        params: idParams,
        response: { 200: credential, 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse, 409: errorResponse },
      },
    },
    async (request) => revokeCredential(db, { adminId: signedInAdminOf(request).id, ipAddress: request.ip }, request.params.id),
  );
};
