import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  confirmBody,
  confirmationListQuery,
  confirmationListResponse,
  confirmationResponse,
  declineBody,
  errorResponse,
  idParams,
} from '@gold/contract';
import type { AppDeps } from '../../app-deps';
import { answerList } from '../../lib/list-reply';
import { actorOf } from '../identity/sessions/actor';
import { findConfirmationPage, streamConfirmations } from './confirmations.repository';
import { confirmConfirmation, declineConfirmation, withdrawConfirmation } from './confirmations.service';

const tags = ['confirmations'];
const decisionErrors = {
  400: errorResponse,
  401: errorResponse,
  403: errorResponse,
  404: errorResponse,
  409: errorResponse,
  429: errorResponse,
};

/** Four eyes: the proposals waiting for a second admin, and that admin's decision. */
export const confirmationsRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const { db } = deps;

  app.get(
    '/admin/confirmations',
    {
      schema: {
        tags,
        summary: 'Four-eyes confirmations, newest first; `status=pending` lists what waits for a second admin',
        querystring: confirmationListQuery,
        response: { 200: confirmationListResponse, 400: errorResponse, 401: errorResponse },
      },
    },
    async (request, reply) =>
      answerList(reply, request.query, { page: (q) => findConfirmationPage(db, q), all: (q) => streamConfirmations(db, q) }),
  );

  app.post(
    '/admin/confirmations/:id/confirm',
    {
      schema: {
        tags,
        summary:
          'Confirms a proposal of another admin (never your own): it takes effect in this transaction, or nothing changes (409). Requires your password (and second factor) in reauth',
        params: idParams,
        body: confirmBody,
        response: { 200: confirmationResponse, ...decisionErrors },
      },
    },
    async (request) => confirmConfirmation(deps, actorOf(request), request.params.id, request.body.reauth),
  );

  app.post(
    '/admin/confirmations/:id/decline',
    {
      schema: {
        tags,
        summary: 'Declines a proposal of another admin, with a reason: nothing moves. Requires your password (and second factor) in reauth',
        params: idParams,
        body: declineBody,
        response: { 200: confirmationResponse, ...decisionErrors },
      },
    },
    async (request) => declineConfirmation(deps, actorOf(request), request.params.id, request.body.reauth, request.body.reason),
  );

  app.post(
    '/admin/confirmations/:id/withdraw',
    {
      schema: {
        tags,
        summary: 'The admin who proposed it takes a pending proposal back: nothing moves',
        params: idParams,
        response: { 200: confirmationResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse, 409: errorResponse },
      },
    },
    async (request) => withdrawConfirmation(deps, actorOf(request), request.params.id),
  );
};
