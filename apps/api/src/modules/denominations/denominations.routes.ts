import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  addPhysicalGoldBody,
  addPhysicalGoldResponse,
  denominationListResponse,
  errorResponse,
  setRedeemableBody,
  setRedeemableResponse,
} from '@gold/contract';
import type { AppDeps } from '../../app-deps';
import { signedInAdminOf } from '../auth/require-admin';
import { addPhysicalGold, listDenominations, setRedeemable } from './denominations.repository';

/** The vault's physical gold by denomination (Denoms List). */
export const denominationsRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db }) => {
  app.get(
    '/admin/denoms',
    {
      schema: {
        tags: ['denominations'],
        summary: 'Every denomination, largest first, with stock, redeemed, reserved and available pieces (counted in the database)',
        response: { 200: denominationListResponse, 401: errorResponse },
      },
    },
    async () => {
      const data = await listDenominations(db);
      return { data, total: data.length };
    },
  );

  app.post(
    '/admin/physicalgold/add',
    {
      schema: {
        tags: ['denominations'],
        summary:
          "Pieces into the vault: a new denom is created ('Denom added', 201), an existing one gets them added to its stock ('Amount added', 200)",
        body: addPhysicalGoldBody,
        response: {
          200: addPhysicalGoldResponse,
          201: addPhysicalGoldResponse,
          400: errorResponse,
          401: errorResponse,
          409: errorResponse,
        },
      },
    },
    async (request, reply) => {
      const outcome = await addPhysicalGold(db, signedInAdminOf(request).id, request.body, request.ip);
      return reply.code(outcome.result === 'Denom added' ? 201 : 200).send(outcome);
    },
  );

  app.post(
    '/admin/physicalgold/setredeemable',
    {
      schema: {
        tags: ['denominations'],
        summary: 'Whether customers may request this denomination',
        body: setRedeemableBody,
        response: { 200: setRedeemableResponse, 400: errorResponse, 401: errorResponse, 404: errorResponse },
      },
    },
    async (request) => setRedeemable(db, signedInAdminOf(request).id, request.body.id, request.body.redeemable, request.ip),
  );
};
