import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { healthResponse, type IndexerStatus } from '@gold/contract';
import type { AppDeps } from '../../app-deps';

const liveResponse = z.object({ status: z.literal('ok') });

/**
 * For load balancers and orchestrators. `live`: the process answers (no database: a database
 * outage must not get every process restarted). `ready`: the database answers too, checked on a
 * connection of its own with a short time-out, so a busy pool never makes a process look dead;
 * 503 when it does not. Its details carry the transfer watcher's status (head, finalized and
 * indexed blocks, lag, last error): a halted or lagging watcher is shown there, but it does not
 * take the process out of a load balancer (the API still answers everything else). `/health` is the older name of `ready`.
 */
export const healthRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { readiness, chain }) => {
  /** The watcher's status as the contract names it: a halted one is reported, it does not make the process unready. */
  const indexer = (): IndexerStatus | null => {
    const status = chain?.()?.watcher?.status;
    if (!status) return null;
    return {
      state: status.state,
      headBlock: status.headBlock,
      finalizedBlock: status.finalizedBlock,
      indexedBlock: status.indexedBlock,
      lagBlocks: status.lagBlocks,
      lagSeconds: status.lagSeconds,
      stalled: status.stalled,
      lastError: status.lastError ?? null,
      lastErrorAt: status.lastErrorAt ?? null,
      lastReorg: status.lastReorg ?? null,
    };
  };
  app.get(
    '/health/live',
    { schema: { tags: ['operations'], summary: 'Liveness: the process answers (no database check)', response: { 200: liveResponse } } },
    async () => ({ status: 'ok' as const }),
  );

  for (const [url, summary] of [
    ['/health/ready', 'Readiness: the database answers (own connection, 2 s time-out); 503 when it does not'],
    ['/health', 'Liveness and database check (the same as /health/ready)'],
  ] as const) {
    app.get(
      url,
      { schema: { tags: ['operations'], summary, response: { 200: healthResponse, 503: healthResponse } } },
      async (request, reply) => {
        try {
          await readiness.check();
          return { status: 'ok' as const, database: 'up' as const, indexer: indexer() };
        } catch (error) {
          request.log.error({ err: error }, 'health check: database unreachable');
          return reply.code(503).send({ status: 'unavailable', database: 'down', indexer: indexer() });
        }
      },
    );
  }
};
