import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminStreamMessage } from '@gold/contract';
import { selectRows } from '../../db/client';
import { adminEvents } from '../../db/schema';
import { describeEachEngine, insertTestAdmin, signInCookie, testAdmin } from '../../test/test-app';
import { approveAtCounter, insertCustomer, insertRedemption } from '../../test/redemption-fixtures';
import { publishEvent } from './live-updates.repository';
import { openEventStream, type EventStreamClient } from '../../test/live-updates/sse-client';
import { addStock } from '../../test/vault-fixtures';

const is =
  <T extends AdminStreamMessage['type']>(type: T, fields: Record<string, unknown> = {}) =>
  (message: AdminStreamMessage) =>
    message.type === type && Object.entries(fields).every(([key, value]) => (message as Record<string, unknown>)[key] === value);

describeEachEngine('live updates (GET /admin/events)', (t) => {
  let origin: string;
  const streams: EventStreamClient[] = [];
  const open = async (headers: Record<string, string> = {}) => {
    const stream = await openEventStream(origin, { cookie: await t().adminCookie(), ...headers });
    streams.push(stream);
    return stream;
  };

  beforeAll(async () => {
    origin = await t().app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => streams.forEach((s) => s.close()));

  it('answers 401 without a session, and 406 to a client that does not ask for an event stream', async () => {
    const stream = await openEventStream(origin, {});
    expect(stream.status).toBe(401);
    const plain = await t().injectAsAdmin({ url: '/api/admin/events' });
    expect(plain.statusCode).toBe(406);
    expect(plain.json().message).toMatch(/Accept: text\/event-stream/);
  });

  it('streams redemption, stock and creation events as they commit', async () => {
    const stream = await open();
    expect(stream.status).toBe(200);
    await stream.next(is('ready'));

    // Stock goes in once a second admin confirms the receipt (four eyes).
    const denominationId = (await addStock(t(), 25, 4)).denomination.id;
    await stream.next(is('stock.changed', { denominationId }));

    const db = t().database.db;
    const customer = await insertCustomer(db, 'Budi Santoso');
    const pieces = [{ denominationId, denom: 25, amount: 1 }];
    const id = await insertRedemption(db, { customerId: customer.id, status: 'PREPARATION', pieces });
    const created = await stream.next((m) => m.type === 'redemption.created' && (m.redemptionIds ?? []).includes(id));
    expect(created.id).toEqual(expect.any(Number));

    expect((await approveAtCounter(t().injectAsAdmin, db, id)).statusCode).toBe(200);
    // The identity check announced the redemption too (still PREPARATION); then the hand-over.
    const changed = await stream.next(is('redemption.changed', { redemptionId: id, status: 'REDEEMED' }));
    expect(changed.message).toEqual({ id: changed.id, type: 'redemption.changed', redemptionId: id, status: 'REDEEMED' });
    // Ids grow with each event.
    const ids = stream.messages.map((m) => m.id).filter((n): n is number => n !== undefined);
    expect([...ids].sort((a, b) => a - b)).toEqual(ids);
  });

  it('sends nothing for a change that is rolled back', async () => {
    const stream = await open();
    await stream.next(is('ready'));
    const count = async () => (await t().database.db.select({ id: adminEvents.id }).from(adminEvents)).length;
    const before = await count();
    await expect(
      t().database.db.transaction(async (tx) => {
        await publishEvent(tx, { type: 'stock.changed', denominationId: 424242 });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    const added = await t().injectAsAdmin({ method: 'POST', url: '/api/admin/physicalgold/add', payload: { denom: 25, amount: 1 } });
    expect(added.statusCode).toBe(202);
    await stream.next(is('confirmations.changed'));
    expect(stream.messages.some((m) => is('stock.changed', { denominationId: 424242 })(m.message))).toBe(false);
    expect(await count()).toBe(before + 1);
  });

  it('replays what a client missed after Last-Event-ID, and asks for a refetch when that id is unknown', async () => {
    const first = await open();
    const ready = await first.next(is('ready'));
    first.close();

    const db = t().database.db;
    const customer = await insertCustomer(db, 'Sri Wahyuni');
    const [denomination] = await selectRows<{ id: number }>(db, sql`select id from gold_denominations where denom = 25`);
    const pieces = [{ denominationId: denomination!.id, denom: 25, amount: 1 }];
    const id = await insertRedemption(db, { customerId: customer.id, status: 'REQUESTED', pieces });
    const rejected = await t().injectAsAdmin({
      method: 'POST',
      url: '/api/admin/redeem/reject',
      payload: { id, reason: 'Dokumen tidak lengkap' },
    });
    expect(rejected.statusCode).toBe(200);

    const resumed = await open({ 'last-event-id': String(ready.id) });
    await resumed.next(is('ready'));
    const replayed = resumed.messages.filter((m) => m.id !== undefined && m.message.type !== 'ready');
    expect(replayed.map((m) => m.message.type)).toEqual(['redemption.created', 'redemption.changed']);
    expect(replayed[1]!.message).toMatchObject({ redemptionId: id, status: 'REJECTED' });
    expect(replayed.every((m) => m.id! > ready.id!)).toBe(true);

    const lost = await open({ 'last-event-id': '987654321' });
    await lost.next(is('refetch'));
    await lost.next(is('ready'));
  });

  it('ends the stream at logout (from any process: the session is re-checked)', async () => {
    const cookie = await signInCookie(t().app, testAdmin);
    const stream = await openEventStream(origin, { cookie });
    streams.push(stream);
    await stream.next(is('ready'));
    const started = Date.now();
    expect((await t().app.inject({ method: 'POST', url: '/api/account/logout', headers: { cookie } })).statusCode).toBeLessThan(300);
    await stream.next(is('session-ended'), 6000);
    await stream.ended;
    expect(Date.now() - started).toBeLessThan(6000);
  });

  it('ends the stream when its admin is deactivated', async () => {
    const other = { email: 'second.operator@example.com', password: 'Emas-Batangan 24 karat!', fullName: 'Ayu Lestari' };
    const admin = await insertTestAdmin(t().database, other);
    const cookie = await signInCookie(t().app, other);
    const stream = await openEventStream(origin, { cookie });
    streams.push(stream);
    await stream.next(is('ready'));
    const edited = await t().injectAs('Administrator', {
      method: 'POST',
      url: `/api/admin/edit/${admin.id}`,
      payload: { status: 'Not Activated', password: '' },
    });
    expect(edited.statusCode).toBe(200);
    await stream.next(is('session-ended'), 6000);
    await stream.ended;
  });
});

describe('the stream message vocabulary', () => {
  it('is the contract’s', async () => {
    const { adminStreamMessage } = await import('@gold/contract');
    expect(adminStreamMessage.safeParse({ type: 'ready' }).success).toBe(true);
    expect(adminStreamMessage.safeParse({ id: 1, type: 'redemption.changed', redemptionId: 3, status: 'REDEEMED' }).success).toBe(true);
    expect(adminStreamMessage.safeParse({ id: 1, type: 'redemption.changed', redemptionId: 3, status: 'LOST' }).success).toBe(false);
  });
});
