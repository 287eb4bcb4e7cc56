import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  chainTransaction,
  chainTransactionListQuery,
  chainTransactionListResponse,
  csvFile,
  errorResponse,
  escrowDeposit,
  escrowDepositListQuery,
  escrowDepositListResponse,
  idParams,
  reconciliationExportQuery,
  reconciliationListQuery,
  reconciliationListResponse,
  reconciliationSummary,
  redemptionSettlement,
  type ReconciliationItem,
} from '@gold/contract';
import type { AppDeps } from '../../app-deps';
import { notFound } from '../../lib/http-errors';
import { answerList } from '../../lib/list-reply';
import { auditExport, sendCsv } from '../exports/csv-download';
import { csvStream } from '../exports/csv-stream';
import { signedInAdminOf } from '../identity/sessions/require-admin';
import { redemptionExists } from '../redemptions/redemptions.repository';
import {
  findReconciliationPage,
  reconciliationSummary as readSummary,
  streamReconciliation,
  type ReconciliationScope,
} from './reconciliation.repository';
import { refundDeposit, retryTransaction, type OperatorContext } from './settlement-admin.service';
import { settlementAddresses } from './settlement-addresses';
import {
  findDepositPage,
  findRedemptionSettlement,
  findTransactionPage,
  streamChainTransactions,
  streamDeposits,
} from './settlement-lists.repository';

const refused = { 400: errorResponse, 401: errorResponse, 404: errorResponse, 409: errorResponse };

/** The reconciliation CSV's columns: the list's fields, in its JSON order. */
const reconciliationColumns = [
  'id',
  'kind',
  'inFlight',
  'redemptionId',
  'depositId',
  'transactionId',
  'txHash',
  'expected',
  'actual',
  'since',
  'ageSeconds',
] as const satisfies readonly (keyof ReconciliationItem)[];

/** CSV cells are text: `inFlight` as true/false (the CSV writer would leave false empty). */
async function* csvRows(batches: AsyncIterable<ReconciliationItem[]>) {
  for await (const batch of batches) yield batch.map((item) => ({ ...item, inFlight: String(item.inFlight) }));
}

/**
 * Settlement for operators (docs/decisions.md, "Settlement"): the reconciliation of redemptions,
 * deposits and burns (with its CSV), the escrow deposits with their refund, the signer's outbox
 * with the retry of a failed transaction, and one redemption's settlement.
 */
export const settlementRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db, config, chain }) => {
  // The chain's addresses once it runs (the demo chain may start after the app); the configured ones before.
  const scope = (): ReconciliationScope => {
    const services = chain?.();
    const addresses = services ? services.settlementAddresses : settlementAddresses(config, false);
    return { escrowAddresses: addresses ? [addresses.escrow] : [] };
  };
  const operator = (request: FastifyRequest): OperatorContext => ({ db, adminId: signedInAdminOf(request).id, ipAddress: request.ip });

  app.get(
    '/admin/settlement/reconciliation',
    {
      schema: {
        tags: ['settlement'],
        summary:
          'Reconciliation: every difference between handed-over redemptions, escrow deposits, refunds and burns on chain, with its age; oldest first, paged in the database, or every item streamed without limit',
        querystring: reconciliationListQuery,
        response: { 200: reconciliationListResponse, 400: errorResponse, 401: errorResponse },
      },
    },
    async (request, reply) =>
      answerList(reply, request.query, {
        page: (query) => findReconciliationPage(db, scope(), query),
        all: (query) => streamReconciliation(db, scope(), query),
      }),
  );

  app.get(
    '/admin/settlement/reconciliation/summary',
    {
      schema: {
        tags: ['settlement'],
        summary: 'How many differences and items in flight the reconciliation finds, in all and of each kind',
        response: { 200: reconciliationSummary, 401: errorResponse },
      },
    },
    async () => readSummary(db, scope()),
  );

  app.get(
    '/admin/export/reconciliation.csv',
    {
      schema: {
        tags: ['exports'],
        summary: 'The reconciliation as CSV: every item the view and kind select, in the list’s order (streamed)',
        querystring: reconciliationExportQuery,
        response: {
          200: { description: 'The CSV file', content: { 'text/csv': { schema: csvFile } } },
          400: errorResponse,
          401: errorResponse,
        },
      },
    },
    async (request, reply) => {
      await auditExport(db, request, 'reconciliation', request.query);
      return sendCsv(
        reply as FastifyReply,
        'reconciliation',
        csvStream(reconciliationColumns, csvRows(streamReconciliation(db, scope(), request.query))),
      );
    },
  );

  app.get(
    '/admin/settlement/deposits',
    {
      schema: {
        tags: ['settlement'],
        summary:
          'Deposits into the escrow address, newest first: unmatched ones not yet refunded (default), every held one, or all; paged in the database',
        querystring: escrowDepositListQuery,
        response: { 200: escrowDepositListResponse, 400: errorResponse, 401: errorResponse },
      },
    },
    async (request, reply) =>
      answerList(reply, request.query, { page: (query) => findDepositPage(db, query), all: (query) => streamDeposits(db, query) }),
  );

  app.post(
    '/admin/settlement/deposits/:id/refund',
    {
      schema: {
        tags: ['settlement'],
        summary:
          'Refunds a final deposit no open redemption holds to the wallet it came from: queues the refund for the signer and releases the deposit (409 when pending, already released, or the escrow of an open redemption)',
        params: idParams,
        response: { 200: escrowDeposit, ...refused },
      },
    },
    async (request) => refundDeposit(operator(request), request.params.id),
  );

  app.get(
    '/admin/settlement/transactions',
    {
      schema: {
        tags: ['settlement'],
        summary: "The signer's outbox (burns, fee moves, refunds), newest first, filtered by state and kind; paged in the database",
        querystring: chainTransactionListQuery,
        response: { 200: chainTransactionListResponse, 400: errorResponse, 401: errorResponse },
      },
    },
    async (request, reply) =>
      answerList(reply, request.query, {
        page: (query) => findTransactionPage(db, query),
        all: (query) => streamChainTransactions(db, query),
      }),
  );

  app.post(
    '/admin/settlement/transactions/:id/retry',
    {
      schema: {
        tags: ['settlement'],
        summary:
          'Retries a failed chain transaction as a new queued one of the same movement (409 unless it failed and was not retried yet)',
        params: idParams,
        response: { 200: chainTransaction, ...refused },
      },
    },
    async (request) => retryTransaction(operator(request), request.params.id),
  );

  app.get(
    '/admin/redeem/:id/settlement',
    {
      schema: {
        tags: ['redemptions'],
        summary:
          "A redemption's settlement: the escrow deposit that holds its tokens, and the burn, fee and refund transactions signed for it",
        params: idParams,
        response: { 200: redemptionSettlement, 400: errorResponse, 401: errorResponse, 404: errorResponse },
      },
    },
    async (request) => {
      if (!(await redemptionExists(db, request.params.id))) throw notFound(`Redemption ${request.params.id} not found`);
      return findRedemptionSettlement(db, request.params.id);
    },
  );
};
