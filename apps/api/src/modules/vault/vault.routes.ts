import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  confirmationResponse,
  createVaultLocationBody,
  csvFile,
  errorResponse,
  stockCountBody,
  stockReceiptBody,
  transferBody,
  vaultLocation,
  vaultLocationListResponse,
  vaultMovementListQuery,
  vaultMovementListResponse,
  vaultPieceListQuery,
  vaultPieceListResponse,
  writeOffBody,
} from '@gold/contract';
import type { AppDeps } from '../../app-deps';
import { answerList } from '../../lib/list-reply';
import { auditExport, sendCsv } from '../exports/csv-download';
import { csvStream } from '../exports/csv-stream';
import { signedInAdminOf } from '../identity/sessions/require-admin';
import {
  createLocation,
  findMovementPage,
  findPiecePage,
  listLocations,
  pieceExportColumns,
  pieceExportRows,
  streamMovements,
  streamPieces,
} from './vault-lists.repository';
import { proposeCount, proposeReceipt, proposeTransfer, proposeWriteOff } from './vault-ledger.service';

const tags = ['vault'];
const proposalResponses = {
  202: confirmationResponse,
  400: errorResponse,
  401: errorResponse,
  403: errorResponse,
  404: errorResponse,
  409: errorResponse,
};

/**
 * The vault ledger: locations, pieces, movements, the bar list's CSV, and the four proposals
 * (receipt, write-off, transfer, count), each answering 202 with its pending confirmation:
 * nothing moves until a second admin confirms it (modules/confirmations).
 */
export const vaultRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db }) => {
  const maker = (request: FastifyRequest) => ({ adminId: signedInAdminOf(request).id, ipAddress: request.ip });

  app.get(
    '/admin/vault/locations',
    {
      schema: { tags, summary: 'Vault locations (branches), by name', response: { 200: vaultLocationListResponse, 401: errorResponse } },
    },
    async () => listLocations(db),
  );

  app.post(
    '/admin/vault/locations',
    {
      schema: {
        tags,
        summary: 'A new, empty vault location (201); 409 when its code is taken',
        body: createVaultLocationBody,
        response: { 201: vaultLocation, 400: errorResponse, 401: errorResponse, 403: errorResponse, 409: errorResponse },
      },
    },
    async (request, reply) => reply.code(201).send(await createLocation(db, signedInAdminOf(request).id, request.body, request.ip)),
  );

  app.get(
    '/admin/vault/pieces',
    {
      schema: {
        tags,
        summary: 'The pieces (bar list): serial, refiner, fineness, denomination, location, status; search matches the serial’s start',
        querystring: vaultPieceListQuery,
        response: { 200: vaultPieceListResponse, 400: errorResponse, 401: errorResponse },
      },
    },
    async (request, reply) => answerList(reply, request.query, { page: (q) => findPiecePage(db, q), all: (q) => streamPieces(db, q) }),
  );

  app.get(
    '/admin/vault/movements',
    {
      schema: {
        tags,
        summary: 'The vault’s movements (append-only), newest first, with maker and checker',
        querystring: vaultMovementListQuery,
        response: { 200: vaultMovementListResponse, 400: errorResponse, 401: errorResponse },
      },
    },
    async (request, reply) =>
      answerList(reply, request.query, { page: (q) => findMovementPage(db, q), all: (q) => streamMovements(db, q) }),
  );

  app.post(
    '/admin/vault/receipts',
    {
      schema: {
        tags,
        summary:
          'Proposes pieces of one denomination arriving at a location, with the supplier’s reference (202: waits for a second admin)',
        body: stockReceiptBody,
        response: proposalResponses,
      },
    },
    async (request, reply) => reply.code(202).send(await proposeReceipt(db, maker(request), request.body)),
  );

  app.post(
    '/admin/vault/write-offs',
    {
      schema: {
        tags,
        summary: 'Proposes writing pieces off, with a reason (202: waits for a second admin)',
        body: writeOffBody,
        response: proposalResponses,
      },
    },
    async (request, reply) => reply.code(202).send(await proposeWriteOff(db, maker(request), request.body)),
  );

  app.post(
    '/admin/vault/transfers',
    {
      schema: {
        tags,
        summary: 'Proposes moving pieces to another location (202: waits for a second admin)',
        body: transferBody,
        response: proposalResponses,
      },
    },
    async (request, reply) => reply.code(202).send(await proposeTransfer(db, maker(request), request.body)),
  );

  app.post(
    '/admin/vault/counts',
    {
      schema: {
        tags,
        summary:
          'Proposes the adjustment a physical count of one denomination at one location shows: pieces not counted leave as missing, missing pieces counted come back (202: waits for a second admin)',
        body: stockCountBody,
        response: proposalResponses,
      },
    },
    async (request, reply) => reply.code(202).send(await proposeCount(db, maker(request), request.body)),
  );

  app.get(
    '/admin/export/pieces.csv',
    {
      schema: {
        tags: ['exports'],
        summary: 'The bar list as CSV: every piece the filters select, by serial (streamed; audited)',
        querystring: vaultPieceListQuery,
        response: {
          200: { description: 'The CSV file', content: { 'text/csv': { schema: csvFile } } },
          400: errorResponse,
          401: errorResponse,
        },
      },
    },
    async (request, reply) => {
      await auditExport(db, request, 'pieces', request.query);
      return sendCsv(reply as FastifyReply, 'pieces', csvStream(pieceExportColumns, pieceExportRows(db, request.query)));
    },
  );
};
