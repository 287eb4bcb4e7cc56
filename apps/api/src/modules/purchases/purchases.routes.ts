import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponse, purchaseCountResponse, purchaseListQuery, purchaseListResponse } from '@gold/contract';
import type { AppDeps } from '../../app-deps';
import { answerList } from '../../lib/list-reply';
import { countPurchases, findPurchasePage, streamPurchases } from './purchases.repository';

/** Token purchases by customers ({product} Purchased List). */
export const purchasesRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db }) => {
  app.get(
    '/admin/count/order',
    {
      schema: {
        tags: ['orders'],
        summary: 'How many purchases there are, as data[0].totalOrder',
        response: { 200: purchaseCountResponse, 401: errorResponse },
      },
    },
    async () => ({ data: [{ totalOrder: await countPurchases(db) }] }),
  );

  app.get(
    '/admin/list/order',
    {
      schema: {
        tags: ['orders'],
        summary:
          'Purchase list: a page with limit (0-based page), or every purchase streamed without it; sorted by date (default newest first) or amount, searched by the buyer’s name or e-mail',
        querystring: purchaseListQuery,
        response: { 200: purchaseListResponse, 400: errorResponse, 401: errorResponse },
      },
    },
    async (request, reply) =>
      answerList(reply, request.query, { page: (q) => findPurchasePage(db, q), all: (q) => streamPurchases(db, q) }),
  );
};
