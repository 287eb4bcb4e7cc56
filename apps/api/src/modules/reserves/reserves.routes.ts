import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  csvFile,
  errorResponse,
  reserveExportQuery,
  reserveHistoryQuery,
  reserveHistoryResponse,
  reservesResponse,
  type ReserveSnapshot,
} from '@gold/contract';
import type { AppDeps } from '../../app-deps';
import { answerList } from '../../lib/list-reply';
import { indexerStatusOf } from '../chain/indexer-status';
import { csvStream } from '../exports/csv-stream';
import { reserveFigures } from './reserve-figures';
import { findSnapshotPage, snapshotAmounts, streamSnapshots, type SnapshotRow } from './reserves.repository';
import { createReservesReading, reservesByLocation } from './reserves.service';

/** A stored row as the contract's snapshot: coverage and shortfall computed exactly from its amounts. */
const asSnapshot = (row: SnapshotRow): ReserveSnapshot => ({
  id: row.id,
  createdAt: row.createdAt,
  reason: row.reason,
  ...reserveFigures(snapshotAmounts(row)),
});

async function* snapshots(batches: AsyncIterable<SnapshotRow[]>): AsyncGenerator<ReserveSnapshot[]> {
  for await (const batch of batches) yield batch.map(asSnapshot);
}

/** CSV cells are text: `backed` as true/false (the CSV writer would leave false empty). */
async function* csvRows(batches: AsyncIterable<SnapshotRow[]>) {
  for await (const batch of snapshots(batches)) yield batch.map((s) => ({ ...s, backed: String(s.backed) }));
}

/** The CSV's columns: the history's fields, in its JSON order. */
const exportColumns = [
  'id',
  'createdAt',
  'reason',
  'supply',
  'vaultGrams',
  'reservedGrams',
  'coveragePercent',
  'backed',
  'shortfallGrams',
  'blockNumber',
  'blockTime',
] as const satisfies readonly (keyof ReserveSnapshot)[];

const wibDay = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Jakarta', year: 'numeric', month: '2-digit', day: '2-digit' });

/** Proof of reserves: the reading now, its history, and the history as CSV. */
export const reservesRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db, chain }) => {
  /**
   * The watcher's finalized block, whichever process runs it (only the leader does: another
   * process reads what it wrote), so pending mints and burns never count in any process.
   */
  let finalized: number | null = null;
  const readFinalized = async () => {
    const status = await indexerStatusOf(db, chain?.()).catch(() => null);
    finalized = status?.finalizedBlock ?? null;
  };
  const currentReserves = createReservesReading(
    db,
    () => chain?.()?.reader,
    () => (finalized === null ? undefined : BigInt(finalized)),
  );

  app.get(
    '/admin/reserves',
    {
      schema: {
        tags: ['reserves'],
        summary:
          "Tokens outstanding (the token's totalSupply() at a block) against grams in the vault, coverage exact; the last good reading and its age when the chain cannot be read",
        response: { 200: reservesResponse, 401: errorResponse },
      },
    },
    async () => {
      await readFinalized();
      return { ...(await currentReserves()), byLocation: await reservesByLocation(db) };
    },
  );

  app.get(
    '/admin/reserves/history',
    {
      schema: {
        tags: ['reserves'],
        summary: 'Reserves snapshots (written when the supply or the vault changes), newest first, paged in the database',
        querystring: reserveHistoryQuery,
        response: { 200: reserveHistoryResponse, 400: errorResponse, 401: errorResponse },
      },
    },
    async (request, reply) =>
      answerList(reply, request.query, {
        page: async (query) => {
          const page = await findSnapshotPage(db, query);
          return { data: page.data.map(asSnapshot), total: page.total };
        },
        all: (query) => snapshots(streamSnapshots(db, query)),
      }),
  );

  app.get(
    '/admin/export/reserves.csv',
    {
      schema: {
        tags: ['exports'],
        summary: 'The reserves history as CSV: every snapshot, in the history’s order (streamed)',
        querystring: reserveExportQuery,
        response: {
          200: { description: 'The CSV file', content: { 'text/csv': { schema: csvFile } } },
          400: errorResponse,
          401: errorResponse,
        },
      },
    },
    async (request, reply) =>
      (reply as FastifyReply)
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="reserves-${wibDay.format(new Date())}.csv"`)
        .send(csvStream(exportColumns, csvRows(streamSnapshots(db, request.query)))),
  );
};
