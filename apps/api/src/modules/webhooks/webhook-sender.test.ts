import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { selectRows } from '../../db/client';
import { waitUntil } from '../../test/api-processes';
import { makeCredential, platformCall, verifiedCustomer } from '../../test/platform/platform-client';
import { describeEachEngine } from '../../test/test-app';
import { startWebhookSender } from './webhook-sender';

const silent = { info() {}, warn() {}, error() {} };

describeEachEngine('webhook sender leases', (t) => {
  /** A receiver that takes the request and never answers. */
  let hanging: Server;
  let requests = 0;
  let secret = '';

  beforeAll(async () => {
    hanging = createServer(() => {
      requests++;
    });
    await new Promise<void>((resolve) => hanging.listen(0, '127.0.0.1', resolve));
    secret = (await makeCredential(t())).secret;
    const url = `http://127.0.0.1:${(hanging.address() as AddressInfo).port}/hooks`;
    expect((await platformCall(t(), secret, 'POST', '/webhooks', { url, events: ['kyc.recorded'] })).statusCode).toBe(201);
  });

  afterAll(async () => {
    hanging.closeAllConnections();
    await new Promise((resolve) => hanging.close(resolve));
  });

  const deliveryRows = () =>
    selectRows<{ status: string; attempts: number; leased: boolean; due: boolean }>(
      t().database.db,
      sql`select status, attempts, next_attempt_at > now() + interval '20 seconds' as leased, next_attempt_at <= now() as due
            from webhook_deliveries`,
    );

  it('leases a delivery while it is sent, and gives it back, not counted as an attempt, when the sender stops', async () => {
    const sender = startWebhookSender({ db: t().database.db, log: silent, pollMs: 50, timeoutMs: 30_000 });
    try {
      await verifiedCustomer(t(), secret);
      await waitUntil('the receiver to get the delivery', () => requests > 0, 10_000, 20);
      // Leased: not due for another sender (nor this one) while its answer is awaited.
      expect(await deliveryRows()).toEqual([{ status: 'pending', attempts: 0, leased: true, due: false }]);
    } finally {
      await sender.stop();
    }
    // Given back at once for the next leader; the cut-short send is not the receiver's failure.
    expect(await deliveryRows()).toEqual([{ status: 'pending', attempts: 0, leased: false, due: true }]);
    expect(requests).toBe(1);
  });
});
