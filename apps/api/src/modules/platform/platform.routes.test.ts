import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Credential, PlatformRedemption } from '@gold/contract';
import { selectRows } from '../../db/client';
import { addPieces, makeCredential, newWallet, nextCounterDay, platformCall, verifiedCustomer } from '../../test/platform/platform-client';
import { describeEachEngine } from '../../test/test-app';
import { appointmentRefusal, timeSlotsOf } from './counter-hours';

describe('counter hours', () => {
  const hours = { days: [1, 2, 3, 4, 5], openHour: 8, closeHour: 16 };
  const monday10 = new Date('2026-11-30T03:00:00Z'); // Monday 10:00 WIB

  it('books 2-hour windows from the opening hour, on open days, in the future', () => {
    expect(timeSlotsOf(hours)).toEqual([8, 10, 12, 14]);
    expect(appointmentRefusal(hours, '2026-11-30', 12, monday10)).toBeNull();
    expect(appointmentRefusal(hours, '2026-11-30', 10, monday10)).toMatch(/not in the future/);
    expect(appointmentRefusal(hours, '2026-11-30', 9, monday10)).toMatch(/not a window/);
    expect(appointmentRefusal(hours, '2026-11-30', 16, monday10)).toMatch(/not a window/);
    expect(appointmentRefusal(hours, '2026-12-05', 8, monday10)).toMatch(/closed on 2026-12-05/);
  });
});

describeEachEngine('platform API', (t) => {
  let secret = '';
  let credential: Credential;

  beforeAll(async () => {
    ({ secret, credential } = await makeCredential(t(), undefined, { name: 'Acme platform' }));
  });

  it('creates a credential whose secret is shown once and kept hashed, and shows its last use', async () => {
    expect(secret).toMatch(/^gbo_[A-Za-z0-9_-]{43}$/);
    expect(credential).toMatchObject({ name: 'Acme platform', status: 'active', lastUsedAt: null, tokenPrefix: secret.slice(0, 10) });
    const stored = await selectRows<{ secret_hash: string }>(
      t().database.db,
      sql`select secret_hash from integration_credentials where id = ${credential.id}`,
    );
    expect(stored[0]!.secret_hash).not.toContain(secret.slice(4));
    expect(stored[0]!.secret_hash).toMatch(/^[0-9a-f]{64}$/);

    expect((await platformCall(t(), secret, 'GET', '/redemption-options')).statusCode).toBe(200);
    const list = await t().injectAs('Administrator', { method: 'GET', url: '/api/admin/credentials' });
    expect(list.body).not.toContain(secret);
    const listed = list.json<{ data: Credential[] }>().data.find((c) => c.id === credential.id)!;
    expect(listed.lastUsedAt).not.toBeNull();
  });

  it('refuses a revoked credential at once, and an expired one', async () => {
    const other = await makeCredential(t(), ['prices']);
    const price = { sellingPrice: 1_600_000, buybackPrice: 1_500_000, sourceTime: new Date().toISOString() };
    expect((await platformCall(t(), other.secret, 'POST', '/prices', price)).statusCode).toBe(201);
    const revoke = await t().injectAs('Administrator', { method: 'POST', url: `/api/admin/credentials/${other.credential.id}/revoke` });
    expect(revoke.json()).toMatchObject({ status: 'revoked' });
    const refused = await platformCall(t(), other.secret, 'POST', '/prices', price);
    expect(refused.statusCode).toBe(401);
    expect(refused.json().message).toMatch(/revoked/);
    expect(
      (await t().injectAs('Administrator', { method: 'POST', url: `/api/admin/credentials/${other.credential.id}/revoke` })).statusCode,
    ).toBe(409);

    const soon = await makeCredential(t(), ['prices'], { expiresAt: new Date(Date.now() + 60_000).toISOString() });
    await t().database.db.execute(
      sql`update integration_credentials set expires_at = now() - interval '1 second' where id = ${soon.credential.id}`,
    );
    const expired = await platformCall(t(), soon.secret, 'POST', '/prices', price);
    expect(expired.statusCode).toBe(401);
    expect(expired.json().message).toMatch(/expired/);
    const past = await t().injectAs('Administrator', {
      method: 'POST',
      url: '/api/admin/credentials',
      payload: { name: 'late', scopes: ['prices'], expiresAt: '2020-01-01T00:00:00Z' },
    });
    expect(past.statusCode).toBe(400);
  });

  it('refuses a credential without the scope (403) and an admin session (401)', async () => {
    const pricesOnly = await makeCredential(t(), ['prices']);
    const call = await platformCall(t(), pricesOnly.secret, 'GET', '/redemption-options');
    expect(call.statusCode).toBe(403);
    expect(call.json().message).toMatch(/redemptions scope/);
    const asAdmin = await t().injectAsAdmin({ method: 'GET', url: '/api/platform/redemption-options' });
    expect(asAdmin.statusCode).toBe(401);
    const adminWithBearer = await t().app.inject({
      method: 'GET',
      url: '/api/admin/credentials',
      headers: { authorization: `Bearer ${secret}` },
    });
    expect(adminWithBearer.statusCode).toBe(401);
  });

  it('registers a customer, updates them by e-mail, and keeps wallets unique', async () => {
    const email = `reg-${randomUUID().slice(0, 8)}@example.com`;
    const wallet = newWallet();
    const created = await platformCall(t(), secret, 'POST', '/customers', { email, fullName: 'Budi Santoso', walletAddress: wallet });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ email, walletAddress: wallet, ekycStatus: 'UNVERIFIED' });
    const updated = await platformCall(t(), secret, 'POST', '/customers', {
      email,
      fullName: 'Budi S.',
      walletAddress: wallet,
      nik: '3174012345678901',
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({ id: created.json().id, fullName: 'Budi S.' });
    const clash = await platformCall(t(), secret, 'POST', '/customers', {
      email: `other-${email}`,
      fullName: 'Someone Else',
      walletAddress: wallet.toUpperCase().replace('0X', '0x'),
    });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().message).toMatch(/walletAddress/);
    const bad = await platformCall(t(), secret, 'POST', '/customers', { email, fullName: 'x', walletAddress: '0x12' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/walletAddress/);
  });

  it('records a KYC result, audited under the credential name', async () => {
    const id = await verifiedCustomer(t(), secret, false);
    const kyc = await platformCall(t(), secret, 'POST', `/customers/${id}/kyc`, { status: 'SUCCESS', referenceNumber: 'EKYC-42' });
    expect(kyc.statusCode).toBe(201);
    expect(kyc.json()).toMatchObject({ customer: { id, ekycStatus: 'VERIFIED' }, referenceNumber: 'EKYC-42' });
    const audit = await t().injectAs('Administrator', { method: 'GET', url: '/api/admin/audit?limit=10&action=platform.kyc-record' });
    const entry = audit
      .json<{ data: Array<{ entityId: string; details: Record<string, unknown>; toState: string }> }>()
      .data.find((e) => e.entityId === String(id));
    expect(entry).toMatchObject({ toState: 'VERIFIED', details: { credential: 'Acme platform', referenceNumber: 'EKYC-42' } });
    expect((await platformCall(t(), secret, 'POST', '/customers/999999/kyc', { status: 'SUCCESS', referenceNumber: 'X' })).statusCode).toBe(
      404,
    );
  });

  it('records a purchase and a price, and links the purchase to its mint', async () => {
    const customerId = await verifiedCustomer(t(), secret);
    const paidAt = new Date(Date.now() - 60_000).toISOString();
    const purchase = await platformCall(t(), secret, 'POST', '/purchases', { customerId, grams: '2.5', priceIdr: 1_650_000, paidAt });
    expect(purchase.statusCode).toBe(201);
    expect(purchase.json()).toMatchObject({ customerId, grams: '2.5', priceIdr: 1_650_000, mintTxHash: null, mintSeen: false });
    const txHash = `0x${'ab'.repeat(32)}`;
    const linked = await platformCall(t(), secret, 'POST', `/purchases/${purchase.json().id}/mint`, { txHash });
    expect(linked.json()).toMatchObject({ mintTxHash: txHash, mintSeen: false });
    const zero = await platformCall(t(), secret, 'POST', '/purchases', { customerId, grams: '0.000', priceIdr: 1, paidAt });
    expect(zero.statusCode).toBe(400);

    const sourceTime = new Date().toISOString();
    const price = await platformCall(t(), secret, 'POST', '/prices', { sellingPrice: 1_700_000, buybackPrice: 1_600_000, sourceTime });
    expect(price.statusCode).toBe(201);
    // Dated by the source: a late-arriving older price goes into the history without becoming current.
    const older = new Date(Date.now() - 3_600_000).toISOString();
    expect(
      (await platformCall(t(), secret, 'POST', '/prices', { sellingPrice: 1_500_000, buybackPrice: 1_400_000, sourceTime: older }))
        .statusCode,
    ).toBe(201);
    const current = await t().app.inject({ method: 'GET', url: '/api/price' });
    expect(current.json()).toMatchObject({ harga_jual: 1_700_000, harga_beli: 1_600_000 });
    const inverted = await platformCall(t(), secret, 'POST', '/prices', { sellingPrice: 1, buybackPrice: 2, sourceTime });
    expect(inverted.statusCode).toBe(400);
  });

  describe('redemption requests', () => {
    const denom = 7;
    beforeAll(async () => {
      await addPieces(t(), denom, 3);
      await addPieces(t(), 1000, 1);
      await addPieces(t(), 11, 2);
    });

    const request = (customerId: number, extra: Record<string, unknown> = {}) => ({
      customerId,
      pieces: [{ denom, amount: 1 }],
      appointmentDate: nextCounterDay(),
      timeSlot: 10,
      fee: '0.05',
      ...extra,
    });

    it('enforces every rule the operator relies on, writing nothing when refused', async () => {
      const unverified = await verifiedCustomer(t(), secret, false);
      const customerId = await verifiedCustomer(t(), secret);
      await t().injectAs('Administrator', { method: 'POST', url: '/api/admin/redemption/limit/set', payload: { newlimit: 500 } });
      // A refusal found after the insert (stock, limit, denomination) rolls the insert back: nothing of it stays.
      const traces = () =>
        selectRows<Record<string, number>>(
          t().database.db,
          sql`select (select count(*)::int from redemptions) as redemptions, (select count(*)::int from redemption_pieces) as pieces,
                     (select coalesce(sum(reserved), 0)::int from vault_location_counts) as reserved,
                     (select count(*)::int from audit_log) as audited, (select count(*)::int from admin_events) as events,
                     (select count(*)::int from webhook_deliveries) as deliveries`,
        );
      const before = await traces();
      const refusals: Array<[object, RegExp]> = [
        [request(unverified), /KYC is UNVERIFIED/],
        [request(customerId, { timeSlot: 9 }), /not a window/],
        [request(customerId, { appointmentDate: '2020-01-06', timeSlot: 8 }), /not in the future/],
        [request(customerId, { pieces: [{ denom: 3, amount: 1 }] }), /3 g is not a denomination/],
        [request(customerId, { pieces: [{ denom, amount: 4 }] }), /4 requested, 3 unreserved/],
      ];
      for (const [body, message] of refusals) {
        const refused = await platformCall(t(), secret, 'POST', '/redemptions', body);
        expect(refused.statusCode, JSON.stringify(body)).toBe(409);
        expect(refused.json().message).toMatch(message);
      }
      const aboveLimit = await platformCall(
        t(),
        secret,
        'POST',
        '/redemptions',
        request(customerId, { pieces: [{ denom: 1000, amount: 1 }] }),
      );
      expect(aboveLimit.json().message).toMatch(/above the current limit of 500 g/);
      expect(await traces()).toEqual(before);
    });

    it('places a request that reserves its pieces, and cancels it while not prepared', async () => {
      const customerId = await verifiedCustomer(t(), secret);
      const placed = await platformCall(t(), secret, 'POST', '/redemptions', request(customerId));
      expect(placed.statusCode).toBe(201);
      const redemption = placed.json<PlatformRedemption>();
      expect(redemption).toMatchObject({ customerId, status: 'REQUESTED', total: '7', fee: '0.05', pieces: [{ denom, amount: 1 }] });
      const options = await platformCall(t(), secret, 'GET', '/redemption-options');
      expect(options.json().denominations).toContainEqual({ denom, redeemable: true, unreserved: 2 });

      const detail = await t().injectAsAdmin({ method: 'GET', url: `/api/admin/redeem/${redemption.id}` });
      expect(detail.json()).toMatchObject({ status: 'REQUESTED', user: { id: customerId } });

      const cancelled = await platformCall(t(), secret, 'POST', `/redemptions/${redemption.id}/cancel`);
      expect(cancelled.json()).toMatchObject({ status: 'REJECTED' });
      expect((await platformCall(t(), secret, 'POST', `/redemptions/${redemption.id}/cancel`)).statusCode).toBe(409);
      const restored = await platformCall(t(), secret, 'GET', '/redemption-options');
      expect(restored.json().denominations).toContainEqual({ denom, redeemable: true, unreserved: 3 });
    });

    it('gives the last piece to one of two concurrent requests: one 201, one 409', async () => {
      const [a, b] = [await verifiedCustomer(t(), secret), await verifiedCustomer(t(), secret)];
      const last = { pieces: [{ denom: 11, amount: 2 }] };
      const answers = await Promise.all([
        platformCall(t(), secret, 'POST', '/redemptions', request(a, last)),
        platformCall(t(), secret, 'POST', '/redemptions', request(b, last)),
      ]);
      expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 409]);
      expect(answers.find((r) => r.statusCode === 409)!.json().message).toMatch(/11 g: 2 requested, 0 unreserved/);
    });
  });

  describe('Idempotency-Key', () => {
    it('answers the stored answer to the same key and body, 422 to another body, 400 without a key', async () => {
      const key = randomUUID();
      const body = { email: `idem-${key.slice(0, 8)}@example.com`, fullName: 'Dewi Idem', walletAddress: newWallet() };
      const first = await platformCall(t(), secret, 'POST', '/customers', body, { 'idempotency-key': key });
      const again = await platformCall(t(), secret, 'POST', '/customers', body, { 'idempotency-key': key });
      expect(first.statusCode).toBe(201);
      expect(again.statusCode).toBe(201);
      expect(again.headers['idempotent-replayed']).toBe('true');
      expect(again.json()).toEqual(first.json());
      const other = await platformCall(t(), secret, 'POST', '/customers', { ...body, fullName: 'Another' }, { 'idempotency-key': key });
      expect(other.statusCode).toBe(422);
      expect(other.json().message).toMatch(/already used with another request/);

      const missing = await t().app.inject({
        method: 'POST',
        url: '/api/platform/customers',
        headers: { authorization: `Bearer ${secret}` },
        payload: body,
      });
      expect(missing.statusCode).toBe(400);
      expect(missing.json().message).toMatch(/idempotency-key/i);
      // Keys are per credential: another credential's same key is a new request.
      const other2 = await makeCredential(t(), ['customers']);
      const theirs = await platformCall(
        t(),
        other2.secret,
        'POST',
        '/customers',
        { ...body, email: `x-${body.email}`, walletAddress: newWallet() },
        { 'idempotency-key': key },
      );
      expect(theirs.statusCode).toBe(201);
    });

    it('keeps a key 24 hours', async () => {
      const key = randomUUID();
      const price = { sellingPrice: 1_650_000, buybackPrice: 1_600_000, sourceTime: new Date().toISOString() };
      await platformCall(t(), secret, 'POST', '/prices', price, { 'idempotency-key': key });
      const [row] = await selectRows<{ hours: number }>(
        t().database.db,
        sql`select round(extract(epoch from expires_at - created_at) / 3600)::int as hours from idempotency_keys where key = ${key}`,
      );
      expect(row!.hours).toBe(24);
      await t().database.db.execute(sql`update idempotency_keys set expires_at = now() - interval '1 second' where key = ${key}`);
      const after = await platformCall(t(), secret, 'POST', '/prices', { ...price, sellingPrice: 1_700_000 }, { 'idempotency-key': key });
      expect(after.statusCode).toBe(201);
      expect(after.headers['idempotent-replayed']).toBeUndefined();
    });
  });
});
