import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  addPhysicalGoldBody,
  addPhysicalGoldResponse,
  denominationListQuery,
  denominationListResponse,
  errorResponse,
  setRedeemableBody,
  setRedeemableResponse,
} from '@gold/contract';
import type { AppDeps } from '../../app-deps';
import { signedInAdminOf } from '../identity/sessions/require-admin';
import { answerList } from '../../lib/list-reply';
import { addPhysicalGold, findDenominationPage, setRedeemable, streamDenominations } from './denominations.repository';

/** The vault's physical gold by denomination (Denoms List). */
export const denominationsRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db }) => {
  app.get(
    '/admin/denoms',
    {
      schema: {
        tags: ['denominations'],
        summary:
          'Denominations, largest first, with stock, redeemed, reserved and available pieces (counted in the database): a page with limit (the console shows 6), or every one without it',
        querystring: denominationListQuery,
        response: { 200: denominationListResponse, 400: errorResponse, 401: errorResponse },
      },
    },
    async (request, reply) =>
      answerList(reply, request.query, { page: (q) => findDenominationPage(db, q), all: (q) => streamDenominations(db, q) }),
  );

  app.post(
    '/admin/physicalgold/add',
    {
      schema: {
        tags: ['denominations'],
        summary:
          "Pieces into the vault under four eyes: a new denom is created with no stock ('Denom added', 201); the pieces are a receipt at the first location with placeholder serials that waits for a second admin ('Awaiting confirmation', 202 for an existing denom)",
        body: addPhysicalGoldBody,
        response: {
          201: addPhysicalGoldResponse,
          202: addPhysicalGoldResponse,
          400: errorResponse,
          401: errorResponse,
          409: errorResponse,
        },
      },
    },
    async (request, reply) => {
      const outcome = await addPhysicalGold(db, signedInAdminOf(request).id, request.body, request.ip);
      return reply.code(outcome.result === 'Denom added' ? 201 : 202).send(outcome);
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
