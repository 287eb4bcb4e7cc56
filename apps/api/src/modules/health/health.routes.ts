import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { healthResponse } from '@gold/contract';
import type { AppDeps } from '../../app-deps';

const liveResponse = z.object({ status: z.literal('ok') });

/**
 * For load balancers and orchestrators. `live`: the process answers (no database: a database
 * outage must not get every process restarted). `ready`: the database answers too, checked on a
 * connection of its own with a short time-out, so a busy pool never makes a process look dead;
 * 503 when it does not. `/health` is the older name of `ready`.
 */
export const healthRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { readiness }) => {
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
          return { status: 'ok' as const, database: 'up' as const };
        } catch (error) {
          request.log.error({ err: error }, 'health check: database unreachable');
          return reply.code(503).send({ status: 'unavailable', database: 'down' });
        }
      },
    );
  }
};
