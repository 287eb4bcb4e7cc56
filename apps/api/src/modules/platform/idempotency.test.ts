import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import type { PlatformRedemption } from '@gold/contract';
import { selectRows } from '../../db/client';
import { addPieces, makeCredential, nextCounterDay, platformCall, verifiedCustomer } from '../../test/platform/platform-client';
import { describeEachEngine } from '../../test/test-app';

/**
 * A change and its stored answer commit together: whatever fails between them, a retry with the
 * same Idempotency-Key never makes the change twice.
 */
describeEachEngine('Idempotency-Key: the answer commits with the change', (t) => {
  let secret = '';
  const denom = 13;

  beforeAll(async () => {
    ({ secret } = await makeCredential(t(), ['customers', 'kyc', 'redemptions']));
    await addPieces(t(), denom, 50);
  });

  const request = (customerId: number) => ({
    customerId,
    pieces: [{ denom, amount: 1 }],
    appointmentDate: nextCounterDay(),
    timeSlot: 12,
    fee: '0.05',
  });
  const redemptionsOf = async (customerId: number) =>
    (
      await selectRows<{ n: number }>(t().database.db, sql`select count(*)::int as n from redemptions where customer_id = ${customerId}`)
    )[0]!.n;
  const keyRow = async (key: string) =>
    (
      await selectRows<{ status: number | null; body: string | null }>(
        t().database.db,
        sql`select response_status as "status", response_body as "body" from idempotency_keys where key = ${key}`,
      )
    )[0];

  it('creates one redemption for concurrent identical requests with one key; the others wait (409) or replay it', async () => {
    const customerId = await verifiedCustomer(t(), secret);
    const key = randomUUID();
    const body = request(customerId);
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => platformCall(t(), secret, 'POST', '/redemptions', body, { 'idempotency-key': key })),
    );
    const made = answers.filter((a) => a.statusCode === 201 && a.headers['idempotent-replayed'] === undefined);
    expect(made).toHaveLength(1);
    for (const answer of answers) {
      if (answer === made[0]) continue;
      if (answer.statusCode === 409) expect(answer.json().message).toMatch(/still being processed/);
      else expect([answer.statusCode, answer.headers['idempotent-replayed'], answer.body]).toEqual([201, 'true', made[0]!.body]);
    }
    expect(await redemptionsOf(customerId)).toBe(1);
    // The answer (built before the insert, stored with it) is the redemption as stored.
    const stored = await platformCall(t(), secret, 'GET', `/redemptions/${made[0]!.json<PlatformRedemption>().id}`);
    expect(made[0]!.json()).toEqual(stored.json());

    const retry = await platformCall(t(), secret, 'POST', '/redemptions', body, { 'idempotency-key': key });
    expect(retry.statusCode).toBe(201);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.json<PlatformRedemption>().id).toBe(made[0]!.json<PlatformRedemption>().id);
    expect(await redemptionsOf(customerId)).toBe(1);
  });

  it('stores the answer in the change’s transaction: a failure recording it undoes the change, and the retry makes it once', async () => {
    const customerId = await verifiedCustomer(t(), secret);
    const key = `crash-${randomUUID()}`;
    const body = request(customerId);
    // The failure point: the database refuses to record this key's answer, after the redemption was written.
    const db = t().database.db;
    await db.execute(
      sql.raw(`create function refuse_answer() returns trigger language plpgsql as $$
      begin if new.response_status is not null and new.key like 'crash-%' then raise exception 'the answer cannot be recorded'; end if; return new; end $$`),
    );
    await db.execute(
      sql.raw(`create trigger refuse_answer before update on idempotency_keys for each row execute function refuse_answer()`),
    );
    try {
      const failed = await platformCall(t(), secret, 'POST', '/redemptions', body, { 'idempotency-key': key });
      expect(failed.statusCode).toBe(500);
      expect(await redemptionsOf(customerId)).toBe(0);
      // The key is free again: nothing was changed under it.
      expect(await keyRow(key)).toBeUndefined();
    } finally {
      await db.execute(sql.raw(`drop trigger refuse_answer on idempotency_keys`));
      await db.execute(sql.raw(`drop function refuse_answer()`));
    }

    const retry = await platformCall(t(), secret, 'POST', '/redemptions', body, { 'idempotency-key': key });
    expect(retry.statusCode, retry.body).toBe(201);
    expect(retry.headers['idempotent-replayed']).toBeUndefined();
    // Committed with the redemption: exactly the bytes that were sent.
    expect(await keyRow(key)).toEqual({ status: 201, body: retry.body });
    const again = await platformCall(t(), secret, 'POST', '/redemptions', body, { 'idempotency-key': key });
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(await redemptionsOf(customerId)).toBe(1);
  });

  it('takes over a claim whose process died before its commit only after 5 minutes, and makes the change once', async () => {
    const customerId = await verifiedCustomer(t(), secret);
    const body = request(customerId);
    // A claim with no answer, as a process that died mid-transaction leaves it (its change rolled back).
    const seen = await platformCall(t(), secret, 'POST', '/redemptions', body);
    expect(seen.statusCode).toBe(201);
    await t().database.db.execute(sql`delete from redemptions where customer_id = ${customerId}`);
    const key = randomUUID();
    await t().database.db.execute(
      sql`insert into idempotency_keys (credential_id, key, fingerprint, expires_at)
          select credential_id, ${key}, fingerprint, now() + interval '1 day' from idempotency_keys where response_body = ${seen.body}`,
    );
    const early = await platformCall(t(), secret, 'POST', '/redemptions', body, { 'idempotency-key': key });
    expect(early.statusCode).toBe(409);
    expect(await redemptionsOf(customerId)).toBe(0);

    await t().database.db.execute(sql`update idempotency_keys set created_at = now() - interval '6 minutes' where key = ${key}`);
    const taken = await platformCall(t(), secret, 'POST', '/redemptions', body, { 'idempotency-key': key });
    expect(taken.statusCode, taken.body).toBe(201);
    const replayed = await platformCall(t(), secret, 'POST', '/redemptions', body, { 'idempotency-key': key });
    expect(replayed.headers['idempotent-replayed']).toBe('true');
    expect(await redemptionsOf(customerId)).toBe(1);
  });
});
