import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  errorResponse,
  webhookDelivery,
  webhookDeliveryListQuery,
  webhookDeliveryListResponse,
  webhookDeliveryParams,
} from '@gold/contract';
import type { AppDeps } from '../../app-deps';
import { signedInAdminOf } from '../identity/sessions/require-admin';
import { findDeliveryPage, resendDelivery } from './webhooks.repository';

const tags = ['webhooks'];
const security = [{ session: [] }];

/** Webhook deliveries in the console: the outbox with each delivery's status and attempts, and a resend. */
export const webhooksAdminRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db }) => {
  app.get(
    '/admin/webhooks/deliveries',
    {
      schema: {
        operationId: 'listWebhookDeliveries',
        tags,
        security,
        summary: 'Webhook deliveries, newest first, with their status, attempts and last answer (a page: limit defaults to 25)',
        querystring: webhookDeliveryListQuery,
        response: { 200: webhookDeliveryListResponse, 400: errorResponse, 401: errorResponse },
      },
    },
    async (request) => findDeliveryPage(db, { ...request.query, limit: request.query.limit ?? 25, page: request.query.page ?? 0 }),
  );

  app.post(
    '/admin/webhooks/deliveries/:id/resend',
    {
      schema: {
        operationId: 'resendWebhookDelivery',
        tags,
        security,
        summary: 'Sends a delivered or failed delivery again now, with the same webhook-id',
        params: webhookDeliveryParams,
        response: {
          200: webhookDelivery,
          400: errorResponse,
          401: errorResponse,
          403: errorResponse,
          404: errorResponse,
          409: errorResponse,
        },
      },
    },
    async (request) => resendDelivery(db, signedInAdminOf(request).id, request.params.id, request.ip),
  );
};
