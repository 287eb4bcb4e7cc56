import { expect, it } from 'vitest';
import type { AdminStreamMessage } from '@gold/contract';
import { buildApp } from '../../app';
import { openDatabase } from '../../db/client';
import { openEventStream } from '../live-updates/sse-client';
import { describeEachEngine } from '../test-app';

/**
 * Live updates (GET /admin/events) between API processes: two apps, each with its own pool and
 * its own LISTEN connection, on one PostgreSQL database (PGlite is one process by design).
 */
const is = (type: AdminStreamMessage['type']) => (message: AdminStreamMessage) => message.type === type;

describeEachEngine(
  'live updates across two API processes on one database',
  (t) => {
    it('an event written through one process reaches a stream served by the other (LISTEN/NOTIFY)', async () => {
      const second = await openDatabase({ kind: 'postgres', url: t().database.url!, poolSize: 2, onIdleConnectionError: () => {} });
      const otherApp = await buildApp({ db: second.db, config: t().config, webDistDir: null });
      try {
        const origin = await otherApp.listen({ port: 0, host: '127.0.0.1' });
        const stream = await openEventStream(origin, { cookie: await t().adminCookie() });
        try {
          expect(stream.status).toBe(200);
          await stream.next(is('ready'));
          const added = await t().injectAsAdmin({ method: 'POST', url: '/api/admin/physicalgold/add', payload: { denom: 50, amount: 2 } });
          const denominationId = added.json<{ denomination: { id: number } }>().denomination.id;
          const heard = await stream.next((m) => m.type === 'stock.changed' && m.denominationId === denominationId);
          expect(heard.id).toEqual(expect.any(Number));
        } finally {
          stream.close();
        }
      } finally {
        await otherApp.close();
        await second.close();
      }
    });
  },
  { engines: ['postgres'] },
);
