import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import type { Page } from '@gold/contract';

/**
 * `{"data":[...],"total":N}` written batch by batch: the whole-list answer never sits in
 * memory, and `total` (counted on the way) comes last, so no separate count is needed.
 */
function pageStream<Row>(batches: AsyncIterable<Row[]>): Readable {
  return Readable.from(
    (async function* () {
      let total = 0;
      yield '{"data":[';
      for await (const batch of batches) {
        const rows = batch.map((row) => JSON.stringify(row)).join(',');
        yield total === 0 ? rows : `,${rows}`;
        total += batch.length;
      }
      yield `],"total":${total}}`;
    })(),
    { objectMode: false },
  );
}

/**
 * The one way a list route answers its query: with `limit`, one page and the total; without
 * it (the spec's form), every row, streamed.
 */
export async function answerList<Query extends { limit?: number; page?: number }, Row>(
  reply: FastifyReply,
  query: Query,
  read: {
    page: (query: Query & { limit: number; page: number }) => Promise<Page<Row>>;
    all: (query: Query) => AsyncIterable<Row[]>;
  },
): Promise<Page<Row> | FastifyReply> {
  if (query.limit === undefined) return reply.type('application/json; charset=utf-8').send(pageStream(read.all(query)));
  return read.page({ ...query, limit: query.limit, page: query.page ?? 0 });
}
