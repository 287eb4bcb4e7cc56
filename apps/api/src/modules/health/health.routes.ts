import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { healthResponse, type IndexerStatus } from '@gold/contract';
import type { AppDeps } from '../../app-deps';
import { indexerStatusOf } from '../chain';

const liveResponse = z.object({ status: z.literal('ok') });

/** How long readiness waits for the indexer's stored status (the database check itself has 2 s). */
const statusReadMs = 1000;

/** The indexer's problems in words, most serious first; a halt is the one an operator must act on. */
function alertsOf(status: IndexerStatus | null): string[] {
  if (!status) return [];
  const alerts: string[] = [];
  if (status.state === 'halted') alerts.push(`the chain indexer halted: ${status.lastError ?? 'reason unknown'}`);
  if (status.stalled) alerts.push(`the chain node's head has not moved from block ${status.headBlock ?? '?'}`);
  if (status.state === 'retrying') alerts.push(`the chain indexer cannot read the node: ${status.lastError ?? 'reason unknown'}`);
  return alerts;
}

/**
 * For load balancers and orchestrators. `live`: the process answers (no database: a database
 * outage must not get every process restarted). `ready`: the database answers too, checked on a
 * connection of its own with a short time-out, so a busy pool never makes a process look dead;
 * 503 when it does not. Its details carry the transfer watcher's status (head, finalized and
 * indexed blocks, lag, last error), whichever process runs it, and `alerts` names a halted,
 * stalled or failing indexer in words: loud, but it does not take the process out of a load
 * balancer (the API still answers everything else). `/health` is the older name of `ready`.
 */
export const healthRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db, readiness, chain }) => {
  /**
   * The watcher's status, whichever process runs it (its own, else the one the leader wrote): a
   * halted one is reported, it does not make the process unready. The database away: unknown.
   */
  const indexer = async (databaseUp: boolean): Promise<IndexerStatus | null> => {
    // Through the requests' pool, which may be busy: a status not read in time is left out, not waited for.
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), statusReadMs)));
    const status = indexerStatusOf(db, chain?.(), { fromDatabase: databaseUp }).catch(() => null);
    return Promise.race([status, late]).finally(() => clearTimeout(timer));
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
          const status = await indexer(true);
          return { status: 'ok' as const, database: 'up' as const, indexer: status, alerts: alertsOf(status) };
        } catch (error) {
          request.log.error({ err: error }, 'health check: database unreachable');
          const status = await indexer(false);
          return reply.code(503).send({ status: 'unavailable', database: 'down', indexer: status, alerts: alertsOf(status) });
        }
      },
    );
  }
};
