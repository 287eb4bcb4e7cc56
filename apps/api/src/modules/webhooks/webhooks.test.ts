import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import type { CreatedWebhookSubscription, WebhookDelivery } from '@gold/contract';
import { selectRows } from '../../db/client';
import { waitUntil } from '../../test/api-processes';
import { addPieces, makeCredential, nextCounterDay, platformCall, verifiedCustomer } from '../../test/platform/platform-client';
import { WebhookReceiver } from '../../test/platform/webhook-receiver';
import { describeEachEngine } from '../../test/test-app';
import { startWebhookSender } from './webhook-sender';

const silent = { info() {}, warn() {}, error() {} };

describeEachEngine('webhooks', (t) => {
  const receiver = new WebhookReceiver();
  let secret = '';
  let sender: { stop(): Promise<void> } | undefined;

  beforeAll(async () => {
    await receiver.start();
    secret = (await makeCredential(t())).secret;
    const subscribed = await platformCall(t(), secret, 'POST', '/webhooks', {
      url: receiver.url,
      events: ['kyc.recorded', 'redemption.created', 'redemption.status_changed'],
    });
    expect(subscribed.statusCode).toBe(201);
    receiver.secret = subscribed.json<CreatedWebhookSubscription>().secret;
    // Short waits between attempts; the schedule's shape (exponential, past 24 hours) is the production one's.
    sender = startWebhookSender({ db: t().database.db, log: silent, retryDelaysMs: [100, 200, 400, 800, 1600, 3200], pollMs: 50 });
  });

  afterAll(async () => {
    await sender?.stop();
    await receiver.stop();
  });

  afterEach(() => {
    receiver.failNext = 0;
  });

  const deliveryRow = async (id: string) =>
    (
      await selectRows<{ status: string; attempts: number }>(
        t().database.db,
        sql`select status, attempts from webhook_deliveries where id = ${id}`,
      )
    )[0];

  it('delivers each event signed per Standard Webhooks, verified by an independent library', async () => {
    const customerId = await verifiedCustomer(t(), secret);
    await waitUntil('the KYC event', () => receiver.successes().some((r) => r.payload?.data.customerId === customerId), 10_000, 20);
    const delivery = receiver.successes().find((r) => r.payload?.data.customerId === customerId)!;
    expect(delivery.id).toMatch(/^msg_[0-9a-f]{32}$/);
    expect(delivery.payload).toMatchObject({ type: 'kyc.recorded', data: { customerId, status: 'SUCCESS', ekycStatus: 'VERIFIED' } });
    expect(receiver.received.filter((r) => !r.verified)).toEqual([]);
    await waitUntil('the delivery marked delivered', async () => (await deliveryRow(delivery.id))?.status === 'delivered', 5000, 20);
    expect(await deliveryRow(delivery.id)).toEqual({ status: 'delivered', attempts: 1 });
  });

  it('retries a receiver that fails three times, with the same id, and records exactly one success', async () => {
    receiver.failNext = 3;
    const customerId = await verifiedCustomer(t(), secret);
    await waitUntil('the fourth attempt', () => receiver.successes().some((r) => r.payload?.data.customerId === customerId), 15_000, 20);
    const attempts = receiver.received.filter((r) => r.payload?.data.customerId === customerId);
    expect(attempts.map((a) => a.answered)).toEqual([500, 500, 500, 204]);
    expect(new Set(attempts.map((a) => a.id)).size).toBe(1);
    await waitUntil('delivered', async () => (await deliveryRow(attempts[0]!.id))?.status === 'delivered', 5000, 20);
    expect(await deliveryRow(attempts[0]!.id)).toEqual({ status: 'delivered', attempts: 4 });
    // Nothing more is sent once delivered.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(receiver.received.filter((r) => r.payload?.data.customerId === customerId)).toHaveLength(4);
  });

  it('gives a receiver that was down everything once it is back, a redemption event from an admin action included', async () => {
    await addPieces(t(), 9, 5);
    const customerIds = [await verifiedCustomer(t(), secret, false), await verifiedCustomer(t(), secret, false)];
    await receiver.stop();
    for (const id of customerIds) {
      expect(
        (await platformCall(t(), secret, 'POST', `/customers/${id}/kyc`, { status: 'SUCCESS', referenceNumber: `DOWN-${id}` })).statusCode,
      ).toBe(201);
    }
    const placed = await platformCall(t(), secret, 'POST', '/redemptions', {
      customerId: customerIds[0],
      pieces: [{ denom: 9, amount: 1 }],
      appointmentDate: nextCounterDay(),
      timeSlot: 12,
      fee: '0',
    });
    expect(placed.statusCode).toBe(201);
    const redemptionId = placed.json<{ id: number }>().id;
    // An admin's action on the redemption (the console's reject) is told too: the outbox is written by a trigger.
    const rejected = await t().injectAsAdmin({
      method: 'POST',
      url: '/api/admin/redeem/reject',
      payload: { id: redemptionId, reason: 'Wrong branch' },
    });
    expect(rejected.statusCode).toBe(200);

    await waitUntil(
      'failed attempts while the receiver is down',
      async () =>
        (
          await selectRows<{ n: number }>(
            t().database.db,
            sql`select count(*)::int as n from webhook_deliveries where attempts > 0 and status = 'pending'`,
          )
        )[0]!.n >= 4,
      10_000,
      20,
    );
    await receiver.start();
    const expected = (r: { payload: { type: string; data: Record<string, unknown> } | null }) =>
      (r.payload?.type === 'kyc.recorded' && customerIds.includes(r.payload.data.customerId as number)) ||
      (r.payload?.data.redemptionId === redemptionId && ['redemption.created', 'redemption.status_changed'].includes(r.payload.type));
    await waitUntil('every event after the receiver came back', () => receiver.successes().filter(expected).length >= 4, 20_000, 50);
    const got = receiver.successes().filter(expected);
    expect(got.map((r) => r.payload!.type).sort()).toEqual([
      'kyc.recorded',
      'kyc.recorded',
      'redemption.created',
      'redemption.status_changed',
    ]);
    expect(got.find((r) => r.payload!.type === 'redemption.status_changed')!.payload!.data).toMatchObject({
      redemptionId,
      from: 'REQUESTED',
      to: 'REJECTED',
      reason: 'Wrong branch',
    });
  });

  it('lists deliveries in the console, and an admin re-sends one with the same id', async () => {
    const list = await t().injectAs('Administrator', { method: 'GET', url: '/api/admin/webhooks/deliveries?limit=100' });
    expect(list.statusCode).toBe(200);
    const deliveries = list.json<{ data: WebhookDelivery[]; total: number }>();
    expect(deliveries.total).toBeGreaterThanOrEqual(6);
    const delivered = deliveries.data.find((d) => d.status === 'delivered')!;
    expect(delivered).toMatchObject({ url: receiver.url, attempts: expect.any(Number), lastResponseStatus: 204 });

    const before = receiver.received.filter((r) => r.id === delivered.id).length;
    const resent = await t().injectAs('Administrator', { method: 'POST', url: `/api/admin/webhooks/deliveries/${delivered.id}/resend` });
    expect(resent.statusCode).toBe(200);
    expect(resent.json()).toMatchObject({ id: delivered.id, status: 'pending' });
    await waitUntil('the re-send', () => receiver.received.filter((r) => r.id === delivered.id).length > before, 5000, 20);
    expect(
      (await t().injectAs('Administrator', { method: 'POST', url: '/api/admin/webhooks/deliveries/msg_unknown/resend' })).statusCode,
    ).toBe(404);
    const failedOnly = await t().injectAs('Administrator', { method: 'GET', url: '/api/admin/webhooks/deliveries?limit=10&status=failed' });
    expect(failedOnly.json<{ data: WebhookDelivery[] }>().data.every((d) => d.status === 'failed')).toBe(true);
  });
});
