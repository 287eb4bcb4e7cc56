import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { csvFile, errorResponse, orderExportQuery, transactionExportQuery, userExportQuery } from '@gold/contract';
import type { AppDeps } from '../../app-deps';
import { databaseRetryAfterSeconds } from '../../lib/database-unavailable';
import { tooManyRequests } from '../../lib/http-errors';
import { endWhenStalled } from '../../lib/stream-limits';
import { sessionStreamSlots } from '../live-updates/stream-slots';
import { sessionTokenOf } from '../identity/sessions/session-cookie';
import { hashSessionToken } from '../identity/sessions/session-token';
import { streamPurchases } from '../purchases/purchases.repository';
import { streamTransactions } from '../transactions/transactions.repository';
import { streamCustomers } from '../customers/customers.repository';
import { csvStream } from './csv-stream';
import { auditExport, sendCsv } from './csv-download';
import { exportColumns } from './exports.service';

const csvResponses = {
  200: { description: 'The CSV file', content: { 'text/csv': { schema: csvFile } } },
  400: errorResponse,
  401: errorResponse,
};

/** The session's key for its export slots: the hashed token, as the session is stored. */
const sessionKey = (request: FastifyRequest) => hashSessionToken(sessionTokenOf(request) ?? '');

/**
 * CSV exports of the customer, transaction and purchase lists: the list's own query (sort,
 * order, filters; no paging) and rows, read 1000 rows at a time, each page by a statement of
 * its own (streamRows), and written as the client takes them: an export of every customer never
 * sits in memory, and a slow client holds no database connection.
 */
export const exportsRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db, config }) => {
  // Counted in the database: the cap holds whichever API processes the session's exports reach.
  const slots = sessionStreamSlots(db, 'export', config.EXPORTS_PER_SESSION);
  app.addHook('onClose', async () => slots.close());
  // Each export holds one of the session's slots until its connection closes, and is ended when its client stops reading.
  app.addHook('onRequest', async (request, reply) => {
    const release = await slots.take(sessionKey(request));
    if (!release) {
      throw tooManyRequests(
        `At most ${config.EXPORTS_PER_SESSION} exports at once per session: wait for one to finish, then try again`,
        databaseRetryAfterSeconds,
      );
    }
    reply.raw.once('close', release);
    endWhenStalled(reply.raw, config.STREAM_STALL_SECONDS * 1000);
  });

  app.get(
    '/admin/export/users.csv',
    {
      schema: {
        tags: ['exports'],
        summary: 'The User List as CSV: every customer the search selects, in the list’s order (streamed)',
        querystring: userExportQuery,
        response: csvResponses,
      },
    },
    async (request, reply) => {
      await auditExport(db, request, 'users', request.query);
      return sendCsv(reply, 'users', csvStream(exportColumns.users, streamCustomers(db, request.query)));
    },
  );

  app.get(
    '/admin/export/transactions.csv',
    {
      schema: {
        tags: ['exports'],
        summary: 'The Transaction List as CSV: every transaction the type and search select, in the list’s order (streamed)',
        querystring: transactionExportQuery,
        response: csvResponses,
      },
    },
    async (request, reply) => {
      await auditExport(db, request, 'transactions', request.query);
      return sendCsv(reply, 'transactions', csvStream(exportColumns.transactions, streamTransactions(db, request.query)));
    },
  );

  app.get(
    '/admin/export/orders.csv',
    {
      schema: {
        tags: ['exports'],
        summary: 'The {product} Purchased List as CSV: every purchase the search selects, in the list’s order (streamed)',
        querystring: orderExportQuery,
        response: csvResponses,
      },
    },
    async (request, reply) => {
      await auditExport(db, request, 'orders', request.query);
      return sendCsv(reply, 'orders', csvStream(exportColumns.orders, streamPurchases(db, request.query)));
    },
  );
};
