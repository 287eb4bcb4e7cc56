import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createdWebhookSubscription,
  errorResponse,
  idempotencyHeaders,
  platformCustomer,
  platformCustomerBody,
  platformCustomerParams,
  platformKycBody,
  platformKycResponse,
  platformPrice,
  platformPriceBody,
  platformPurchase,
  platformPurchaseBody,
  platformPurchaseMintBody,
  platformPurchaseParams,
  platformRedemption,
  platformRedemptionBody,
  platformRedemptionOptions,
  platformRedemptionOptionsQuery,
  platformRedemptionParams,
  webhookSubscriptionBody,
  webhookSubscriptionListResponse,
  type PlatformScope,
} from '@gold/contract';
import type { AppDeps } from '../../app-deps';
import { listSubscriptions, subscribe, unsubscribe } from '../webhooks/webhooks.repository';
import { keepAnswer } from './idempotency';
import { platformCallerOf } from './platform-auth';
import type { CounterHours } from './counter-hours';
import {
  cancelRedemption,
  findPlatformCustomer,
  findPlatformPurchase,
  findPlatformRedemption,
  linkPurchaseMint,
  recordKyc,
  recordPrice,
  recordPurchase,
  redemptionOptions,
  registerCustomer,
  requestRedemption,
  type PlatformContext,
} from './platform.service';

/** The platform credential, as the OpenAPI document names its security scheme. */
const bearer = (scope: PlatformScope) => ({ config: { platformScope: scope }, security: [{ platformBearer: [scope] }] });

const readErrors = { 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse };
const writeErrors = { ...readErrors, 409: errorResponse, 422: errorResponse };

const subscriptionParams = z.object({ subscriptionId: z.coerce.number().int().positive().max(2_147_483_647) });

/** The platform API: what the customer platform tells the back office, each call with a scoped Bearer credential. */
export const platformRoutes: FastifyPluginAsyncZod<AppDeps & { counterHours: CounterHours }> = async (app, { db, counterHours }) => {
  // Each change stores its answer under the request's Idempotency-Key in its own transaction.
  const context = (request: FastifyRequest, reply: FastifyReply): PlatformContext => ({
    db,
    caller: platformCallerOf(request),
    ipAddress: request.ip,
    keep: (tx, status, payload, audited) => keepAnswer(tx, request, reply, status, payload, audited),
  });

  const customers = bearer('customers');
  app.post(
    '/platform/customers',
    {
      config: customers.config,
      schema: {
        operationId: 'registerCustomer',
        tags: ['platform: customers'],
        summary: 'Registers a customer (201), or updates the one with this e-mail (200); the wallet address is unique',
        security: customers.security,
        headers: idempotencyHeaders,
        body: platformCustomerBody,
        response: { 200: platformCustomer, 201: platformCustomer, ...writeErrors },
      },
    },
    async (request, reply) => {
      const { customer, created } = await registerCustomer(context(request, reply), request.body);
      return reply.code(created ? 201 : 200).send(customer);
    },
  );

  app.get(
    '/platform/customers/:customerId',
    {
      config: customers.config,
      schema: {
        operationId: 'getCustomer',
        tags: ['platform: customers'],
        summary: 'A customer as the back office knows them: wallet and KYC status',
        security: customers.security,
        params: platformCustomerParams,
        response: { 200: platformCustomer, ...readErrors },
      },
    },
    async (request) => findPlatformCustomer(db, request.params.customerId),
  );

  const kyc = bearer('kyc');
  app.post(
    '/platform/customers/:customerId/kyc',
    {
      config: kyc.config,
      schema: {
        operationId: 'recordKycResult',
        tags: ['platform: KYC'],
        summary: "Records the eKYC provider's result for a customer: SUCCESS verifies, FAILED rejects, PENDING waits",
        security: kyc.security,
        headers: idempotencyHeaders,
        params: platformCustomerParams,
        body: platformKycBody,
        response: { 201: platformKycResponse, ...writeErrors },
      },
    },
    async (request, reply) => reply.code(201).send(await recordKyc(context(request, reply), request.params.customerId, request.body)),
  );

  const purchases = bearer('purchases');
  app.post(
    '/platform/purchases',
    {
      config: purchases.config,
      schema: {
        operationId: 'recordPurchase',
        tags: ['platform: purchases'],
        summary: 'Records a paid purchase: grams, price per gram and when it was paid',
        security: purchases.security,
        headers: idempotencyHeaders,
        body: platformPurchaseBody,
        response: { 201: platformPurchase, ...writeErrors },
      },
    },
    async (request, reply) => reply.code(201).send(await recordPurchase(context(request, reply), request.body)),
  );

  app.get(
    '/platform/purchases/:purchaseId',
    {
      config: purchases.config,
      schema: {
        operationId: 'getPurchase',
        tags: ['platform: purchases'],
        summary: "A purchase, its mint transaction, and whether the back office's transfer watcher has seen that mint",
        security: purchases.security,
        params: platformPurchaseParams,
        response: { 200: platformPurchase, ...readErrors },
      },
    },
    async (request) => findPlatformPurchase(db, request.params.purchaseId),
  );

  app.post(
    '/platform/purchases/:purchaseId/mint',
    {
      config: purchases.config,
      schema: {
        operationId: 'linkPurchaseMint',
        tags: ['platform: purchases'],
        summary: 'Links a purchase to the transaction that minted its tokens',
        security: purchases.security,
        headers: idempotencyHeaders,
        params: platformPurchaseParams,
        body: platformPurchaseMintBody,
        response: { 200: platformPurchase, ...writeErrors },
      },
    },
    async (request, reply) => linkPurchaseMint(context(request, reply), request.params.purchaseId, request.body.txHash),
  );

  const prices = bearer('prices');
  app.post(
    '/platform/prices',
    {
      config: prices.config,
      schema: {
        operationId: 'recordPrice',
        tags: ['platform: prices'],
        summary: "Records the current selling and buy-back prices, dated by the source's time",
        security: prices.security,
        headers: idempotencyHeaders,
        body: platformPriceBody,
        response: { 201: platformPrice, ...writeErrors },
      },
    },
    async (request, reply) => reply.code(201).send(await recordPrice(context(request, reply), request.body)),
  );

  const redemptions = bearer('redemptions');
  app.get(
    '/platform/redemption-options',
    {
      config: redemptions.config,
      schema: {
        operationId: 'getRedemptionOptions',
        tags: ['platform: redemptions'],
        summary:
          'What customers may ask for now at a location (the first unless locationId names another): the limit, each denomination with its unreserved pieces there, and the counter windows',
        security: redemptions.security,
        querystring: platformRedemptionOptionsQuery,
        response: { 200: platformRedemptionOptions, 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse },
      },
    },
    async (request) => redemptionOptions(db, counterHours, request.query.locationId),
  );

  app.post(
    '/platform/redemptions',
    {
      config: redemptions.config,
      schema: {
        operationId: 'requestRedemption',
        tags: ['platform: redemptions'],
        summary:
          "Places a customer's redemption request: KYC verified with a wallet, redeemable denominations within the limit, a future counter window, and the pieces unreserved (409 otherwise)",
        security: redemptions.security,
        headers: idempotencyHeaders,
        body: platformRedemptionBody,
        response: { 201: platformRedemption, ...writeErrors },
      },
    },
    async (request, reply) => reply.code(201).send(await requestRedemption(context(request, reply), request.body, counterHours)),
  );

  app.get(
    '/platform/redemptions/:redemptionId',
    {
      config: redemptions.config,
      schema: {
        operationId: 'getRedemption',
        tags: ['platform: redemptions'],
        summary: 'A redemption and its current status',
        security: redemptions.security,
        params: platformRedemptionParams,
        response: { 200: platformRedemption, ...readErrors },
      },
    },
    async (request) => findPlatformRedemption(db, request.params.redemptionId),
  );

  app.post(
    '/platform/redemptions/:redemptionId/cancel',
    {
      config: redemptions.config,
      schema: {
        operationId: 'cancelRedemption',
        tags: ['platform: redemptions'],
        summary: 'Cancels a redemption the counter has not started preparing (REQUESTED); it becomes REJECTED',
        security: redemptions.security,
        headers: idempotencyHeaders,
        params: platformRedemptionParams,
        response: { 200: platformRedemption, ...writeErrors },
      },
    },
    async (request, reply) => cancelRedemption(context(request, reply), request.params.redemptionId),
  );

  const webhooks = bearer('webhooks');
  app.get(
    '/platform/webhooks',
    {
      config: webhooks.config,
      schema: {
        operationId: 'listWebhookSubscriptions',
        tags: ['platform: webhooks'],
        summary: "This credential's webhook subscriptions (never their secrets)",
        security: webhooks.security,
        response: { 200: webhookSubscriptionListResponse, 401: errorResponse, 403: errorResponse },
      },
    },
    async (request) => ({ data: await listSubscriptions(db, platformCallerOf(request).id) }),
  );

  app.post(
    '/platform/webhooks',
    {
      config: webhooks.config,
      schema: {
        operationId: 'createWebhookSubscription',
        tags: ['platform: webhooks'],
        summary: 'Subscribes a URL to events; deliveries are signed per Standard Webhooks with the secret in this answer (shown once)',
        security: webhooks.security,
        headers: idempotencyHeaders,
        body: webhookSubscriptionBody,
        response: { 201: createdWebhookSubscription, ...writeErrors },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(
          await subscribe(db, platformCallerOf(request), request.body, request.ip, (tx, payload, audited) =>
            keepAnswer(tx, request, reply, 201, payload, audited),
          ),
        ),
  );

  app.delete(
    '/platform/webhooks/:subscriptionId',
    {
      config: webhooks.config,
      schema: {
        operationId: 'deleteWebhookSubscription',
        tags: ['platform: webhooks'],
        summary: 'Ends a subscription: nothing more is queued for it',
        security: webhooks.security,
        params: subscriptionParams,
        response: { 204: z.null(), ...readErrors },
      },
    },
    async (request, reply) => {
      await unsubscribe(db, platformCallerOf(request), request.params.subscriptionId, request.ip);
      return reply.code(204).send(null);
    },
  );
};
