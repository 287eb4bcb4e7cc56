import { Stream } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { endWhenStalled } from '../lib/stream-limits';

/** Below this an answer fits in the sockets' buffers: a client that reads nothing holds nothing of ours. */
const bufferedBytes = 64 * 1024;

/**
 * Every answer bigger than the socket buffers (a whole list streamed without `limit`, an export,
 * any large JSON) is ended when its client takes nothing for `stallMs`: a client that stops
 * reading never holds the answer's memory, its socket and its stream slot for good.
 */
export function registerStalledReaderGuard(app: FastifyInstance, stallMs: number): void {
  app.addHook('onSend', async (_request, reply, payload) => {
    const size = typeof payload === 'string' ? Buffer.byteLength(payload) : Buffer.isBuffer(payload) ? payload.length : undefined;
    if (payload instanceof Stream || (size !== undefined && size > bufferedBytes)) endWhenStalled(reply.raw, stallMs);
    return payload;
  });
}
