import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  countResponse,
  errorResponse,
  idParams,
  transactionDetailResponse,
  transactionListQuery,
  transactionListResponse,
} from '@gold/contract';
import type { AppDeps } from '../../app-deps';
import { notFound } from '../../lib/http-errors';
import { answerList } from '../../lib/list-reply';
import { countTransactions, findTransaction, findTransactionPage, streamTransactions } from './transactions.repository';

/** Token transactions copied from the chain by the transfer watcher (one row per Transfer log). */
export const transactionsRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db }) => {
  app.get(
    '/admin/count/transactions',
    {
      schema: {
        tags: ['transactions'],
        summary: "How many token transactions there are ('Transactions Made')",
        response: { 200: countResponse, 401: errorResponse },
      },
    },
    async () => ({ count: await countTransactions(db) }),
  );

  app.get(
    '/admin/list/transactions',
    {
      schema: {
        tags: ['transactions'],
        summary:
          'Transaction list: a page with limit (0-based page), or every transaction streamed without it; sorted by date (default newest first) or amount, filtered by type, searched by the start of a hash or an address',
        querystring: transactionListQuery,
        response: { 200: transactionListResponse, 400: errorResponse, 401: errorResponse },
      },
    },
    async (request, reply) =>
      answerList(reply, request.query, { page: (q) => findTransactionPage(db, q), all: (q) => streamTransactions(db, q) }),
  );

  app.get(
    '/admin/transaction/detail/:id',
    {
      schema: {
        tags: ['transactions'],
        summary: 'One transaction, as data[0]; 404 for an unknown id',
        params: idParams,
        response: { 200: transactionDetailResponse, 400: errorResponse, 401: errorResponse, 404: errorResponse },
      },
    },
    async (request) => {
      const row = await findTransaction(db, request.params.id);
      if (!row) throw notFound(`Transaction ${request.params.id} not found`);
      return { data: [row] };
    },
  );
};
