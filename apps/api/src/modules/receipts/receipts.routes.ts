import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponse, handOverReceipt, idParams } from '@gold/contract';
import type { AppDeps } from '../../app-deps';
import { findReceipt } from './receipts.repository';

/** The hand-over receipt (Berita Acara Serah Terima Emas Fisik) of a REDEEMED redemption. */
export const receiptsRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db }) => {
  app.get(
    '/admin/redeem/:id/receipt',
    {
      schema: {
        tags: ['redemptions'],
        summary:
          'What the hand-over receipt prints: customer (NIK masked), location, pieces and their serials, totals, collection, identity and code checks, approval and its confirmation; 409 unless REDEEMED',
        params: idParams,
        response: { 200: handOverReceipt, 400: errorResponse, 401: errorResponse, 404: errorResponse, 409: errorResponse },
      },
    },
    async (request) => findReceipt(db, request.params.id),
  );
};
