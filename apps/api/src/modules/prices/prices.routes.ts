import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponse, priceHistoryQuery, priceHistoryResponse, priceListQuery, priceListResponse, priceResponse } from '@gold/contract';
import type { AppDeps } from '../../app-deps';
import { notFound } from '../../lib/http-errors';
import { answerList } from '../../lib/list-reply';
import { findPricePage, latestPrice, priceHistory, streamPrices } from './prices.repository';

/** GET /price: public, like the price on the customer site; it says nothing about customers or the vault. */
export const pricePublicRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db, config }) => {
  app.get(
    '/price',
    {
      schema: {
        tags: ['prices'],
        summary:
          'The latest gold price in rupiah per {product} (harga_jual: selling price), stale when older than PRICE_STALE_AFTER_MINUTES; public',
        security: [],
        response: { 200: priceResponse, 404: errorResponse },
      },
    },
    async () => {
      const price = await latestPrice(db, config.PRICE_STALE_AFTER_MINUTES);
      if (!price) throw notFound('No price has been recorded yet');
      return price;
    },
  );
};

/** The dashboard's price chart, and the Price History list behind the Latest Price card. */
export const priceAdminRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db }) => {
  app.get(
    '/admin/price/history',
    {
      schema: {
        tags: ['prices'],
        summary: 'Daily prices (the last of each WIB day) over the last N days, oldest first',
        querystring: priceHistoryQuery,
        response: { 200: priceHistoryResponse, 400: errorResponse, 401: errorResponse },
      },
    },
    async (request) => ({ data: await priceHistory(db, request.query.days) }),
  );

  app.get(
    '/admin/list/prices',
    {
      schema: {
        tags: ['prices'],
        summary:
          'Price list: every stored price, a page with limit (0-based page) or all of them streamed without it; sorted by when it was set (default newest first), the selling or the buy-back price',
        querystring: priceListQuery,
        response: { 200: priceListResponse, 400: errorResponse, 401: errorResponse },
      },
    },
    async (request, reply) => answerList(reply, request.query, { page: (q) => findPricePage(db, q), all: (q) => streamPrices(db, q) }),
  );
};
