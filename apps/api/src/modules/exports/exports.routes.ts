import type { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { csvFile, errorResponse, orderExportQuery, transactionExportQuery, userExportQuery, type ExportList } from '@gold/contract';
import type { AppDeps } from '../../app-deps';
import { streamPurchases } from '../purchases/purchases.repository';
import { streamTransactions } from '../transactions/transactions.repository';
import { streamCustomers } from '../customers/customers.repository';
import { csvStream } from './csv-stream';
import { exportColumns, exportFileName } from './exports.service';

const csvResponses = {
  200: { description: 'The CSV file', content: { 'text/csv': { schema: csvFile } } },
  400: errorResponse,
  401: errorResponse,
};

function sendCsv(reply: FastifyReply, list: ExportList, body: Readable) {
  return reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${exportFileName(list)}"`)
    .send(body);
}

/**
 * CSV exports of the customer, transaction and purchase lists: the list's own query (sort,
 * order, filters; no paging) and rows, read from a database cursor 1000 rows at a time and
 * written as they come, so an export of every customer never sits in memory.
 */
export const exportsRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db }) => {
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
    async (request, reply) => sendCsv(reply, 'users', csvStream(exportColumns.users, streamCustomers(db, request.query))),
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
    async (request, reply) => sendCsv(reply, 'transactions', csvStream(exportColumns.transactions, streamTransactions(db, request.query))),
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
    async (request, reply) => sendCsv(reply, 'orders', csvStream(exportColumns.orders, streamPurchases(db, request.query))),
  );
};
