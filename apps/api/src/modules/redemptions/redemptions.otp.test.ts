import { createServer, type AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import type { RedemptionDetail } from '@gold/contract';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { selectRows } from '../../db/client';
import { describeEachEngine } from '../../test/test-app';
import { startMailCatcher } from '../mail/mail-catcher';
import {
  checkIdentity,
  insertCustomer,
  insertDenomination,
  insertRedemption,
  markCodeChecked,
  redemptionState,
} from '../../test/redemption-fixtures';

const catcher = await startMailCatcher();
afterAll(() => catcher.close());

/** A port nobody listens on: mail sent there fails at once (connection refused). */
const closedPort = await new Promise<number>((resolve) => {
  const probe = createServer().listen(0, '127.0.0.1', () => {
    const { port } = probe.address() as AddressInfo;
    probe.close(() => resolve(port));
  });
});

const mailsTo = (email: string) => catcher.messages().filter((m) => m.to.includes(email));
const codeIn = (text: string) => /: (\d{6})\n/.exec(`${text}\n`)?.[1];

describeEachEngine(
  'one-time codes',
  (t) => {
    let denominationId: number;
    beforeAll(async () => {
      denominationId = await insertDenomination(t().database.db, 10, 100);
    });

    /** A PREPARATION redemption of a new customer (its own mailbox). */
    const newRedemption = async (fullName = 'Dewi Anggraini') => {
      const customer = await insertCustomer(t().database.db, fullName);
      const id = await insertRedemption(t().database.db, {
        customerId: customer.id,
        status: 'PREPARATION',
        pieces: [{ denominationId, denom: 10, amount: 1 }],
      });
      return { id, email: customer.email };
    };
    const post = async (action: 'sendotp' | 'checkotp' | 'approve', payload: object) => {
      const response = await t().injectAsAdmin({ method: 'POST', url: `/api/admin/redeem/${action}`, payload });
      return { status: response.statusCode, body: response.json(), headers: response.headers };
    };
    const detail = async (id: number) =>
      (await t().injectAsAdmin({ method: 'GET', url: `/api/admin/redeem/${id}` })).json() as RedemptionDetail;
    const otpRow = async (id: number) =>
      (
        await selectRows<{ code_hash: string | null; failed_attempts: number }>(
          t().database.db,
          sql`select * from redemption_otps where redemption_id = ${id}`,
        )
      )[0];
    /** Moves the code's clock: as if it had been sent `seconds` earlier. */
    const age = (id: number, seconds: number) =>
      t().database.db.execute(sql`update redemption_otps set sent_at = sent_at - make_interval(secs => ${seconds}),
                                  expires_at = expires_at - make_interval(secs => ${seconds}) where redemption_id = ${id}`);

    it('e-mails six digits to the customer and stores only a keyed hash of them', async () => {
      const { id, email } = await newRedemption('Ñoño Pérez Siregar');
      const started = Date.now();
      const { status, body } = await post('sendotp', { id });
      expect(status).toBe(200);
      expect(body.sentTo).toMatch(/^c\*\*\*@example\.com$/);
      expect(Date.parse(body.expiresAt) - started).toBeGreaterThan(4 * 60_000);
      expect(Date.parse(body.expiresAt) - started).toBeLessThanOrEqual(5 * 60_000 + 5_000);
      expect(Date.parse(body.nextSendAt) - Date.parse(body.expiresAt)).toBe(-4 * 60_000);

      const [mail, ...others] = mailsTo(email);
      expect(others).toHaveLength(0);
      expect(mail!.subject).toBe(`Kode pengambilan emas / Gold collection code (#${id})`);
      expect(mail!.from).toContain('no-reply@example.com');
      expect(mail!.text).toContain('Halo Ñoño Pérez Siregar,');
      const code = codeIn(mail!.text)!;
      expect(code).toMatch(/^\d{6}$/);
      expect(mail!.text.split(code)).toHaveLength(3); // Indonesian and English line

      const row = await otpRow(id);
      expect(row!.code_hash).toMatch(/^[0-9a-f]{64}$/);
      expect(JSON.stringify(row)).not.toContain(code);
      expect(await detail(id)).toMatchObject({
        otpStatus: { verified: false, attemptsLeft: 5, codeExpiresAt: body.expiresAt, nextSendAt: body.nextSendAt },
      });
    });

    it('a right code verifies the redemption for 10 minutes, once', async () => {
      const { id, email } = await newRedemption();
      await checkIdentity(t().injectAsAdmin, id);
      await post('sendotp', { id });
      const code = codeIn(mailsTo(email)[0]!.text)!;
      const started = Date.now();
      const { status, body } = await post('checkotp', { id, otp: code });
      expect(status).toBe(200);
      expect(body.verified).toBe(true);
      expect(Date.parse(body.verifiedUntil) - started).toBeGreaterThan(9 * 60_000);
      expect(await detail(id)).toMatchObject({
        otpStatus: { verified: true, verifiedUntil: body.verifiedUntil, codeExpiresAt: null, attemptsLeft: 0 },
        allowedActions: ['prepare', 'sendotp', 'checkotp', 'identity-check', 'approve', 'reject'],
      });
      // Used up: the same code again finds no code waiting.
      expect((await post('checkotp', { id, otp: code })).body.message).toBe('No code is waiting for this redemption: send one first');
      // Still verified: approve goes through.
      expect((await post('approve', { id })).body.status).toBe('REDEEMED');
    });

    it('checking before any code was sent is refused', async () => {
      const { id } = await newRedemption();
      const before = await redemptionState(t().database.db, id);
      const { status, body } = await post('checkotp', { id, otp: '123456' });
      expect(status).toBe(409);
      expect(body.message).toBe('No code is waiting for this redemption: send one first');
      expect(await redemptionState(t().database.db, id)).toEqual(before);
    });

    it('five wrong tries end the code, even for the right code after them; each try is counted and audited', async () => {
      const { id, email } = await newRedemption();
      await post('sendotp', { id });
      const code = codeIn(mailsTo(email)[0]!.text)!;
      const wrong = code === '000000' ? '000001' : '000000';
      const messages: string[] = [];
      for (let i = 0; i < 5; i++) {
        const { status, body } = await post('checkotp', { id, otp: wrong });
        expect(status).toBe(400);
        messages.push(body.message);
      }
      expect(messages).toEqual([
        'Wrong code: 4 tries left',
        'Wrong code: 3 tries left',
        'Wrong code: 2 tries left',
        'Wrong code: 1 try left',
        'Wrong code, and no tries left: send a new code',
      ]);
      const after = await post('checkotp', { id, otp: code });
      expect(after.status).toBe(409);
      expect(after.body.message).toBe('The code was entered wrongly 5 times: send a new code');
      expect((await otpRow(id))!.failed_attempts).toBe(5);
      expect(await detail(id)).toMatchObject({ otpStatus: { verified: false, codeExpiresAt: null, attemptsLeft: 0 } });
      const history = (await t().injectAsAdmin({ method: 'GET', url: `/api/admin/redeem/${id}/history` })).json().data as Array<{
        action: string;
      }>;
      expect(history.map((e) => e.action)).toEqual(['otp-sent', 'otp-failed', 'otp-failed', 'otp-failed', 'otp-failed', 'otp-failed']);

      // A new code (once the minute has passed) starts again with five tries.
      await age(id, 61);
      expect((await post('sendotp', { id })).status).toBe(200);
      const fresh = codeIn(mailsTo(email)[0]!.text)!;
      expect(mailsTo(email)).toHaveLength(2);
      expect((await post('checkotp', { id, otp: fresh === '999999' ? '999998' : '999999' })).body.message).toBe('Wrong code: 4 tries left');
      expect((await post('checkotp', { id, otp: fresh })).status).toBe(200);
    });

    it('a code expires 5 minutes after it was sent', async () => {
      const { id, email } = await newRedemption();
      await post('sendotp', { id });
      const code = codeIn(mailsTo(email)[0]!.text)!;
      await age(id, 5 * 60);
      const before = await redemptionState(t().database.db, id);
      const { status, body } = await post('checkotp', { id, otp: code });
      expect(status).toBe(409);
      expect(body.message).toBe('The code has expired (codes are valid 5 minutes): send a new one');
      expect(await redemptionState(t().database.db, id)).toEqual(before);
      expect((await detail(id)).otpStatus).toMatchObject({ verified: false, codeExpiresAt: null });
    });

    it('one send a minute per redemption: 429 with Retry-After, no mail, the waiting code unchanged', async () => {
      const { id, email } = await newRedemption();
      expect((await post('sendotp', { id })).status).toBe(200);
      const hash = (await otpRow(id))!.code_hash;
      const again = await post('sendotp', { id });
      expect(again.status).toBe(429);
      expect(again.body.message).toMatch(/^A code was sent less than 60 seconds ago: wait \d+ s before sending another$/);
      const retryAfter = Number(again.headers['retry-after']);
      expect(retryAfter).toBeGreaterThanOrEqual(1);
      expect(retryAfter).toBeLessThanOrEqual(60);
      expect(mailsTo(email)).toHaveLength(1);
      expect((await otpRow(id))!.code_hash).toBe(hash);

      // Another redemption is not held up by this one.
      expect((await post('sendotp', { id: (await newRedemption()).id })).status).toBe(200);

      // After the minute a new code replaces the old one, which stops working.
      const first = codeIn(mailsTo(email)[0]!.text)!;
      await age(id, 60);
      expect((await post('sendotp', { id })).status).toBe(200);
      const second = codeIn(mailsTo(email)[0]!.text)!;
      if (first !== second) expect((await post('checkotp', { id, otp: first })).body.message).toBe('Wrong code: 4 tries left');
      expect((await post('checkotp', { id, otp: second })).status).toBe(200);
    });

    it('a new code replaces an earlier verification', async () => {
      const { id } = await newRedemption();
      await markCodeChecked(t().database.db, id);
      await checkIdentity(t().injectAsAdmin, id);
      expect((await detail(id)).otpStatus.verified).toBe(true);
      await post('sendotp', { id });
      expect((await detail(id)).otpStatus.verified).toBe(false);
      expect((await post('approve', { id })).status).toBe(409);
    });
  },
  { env: { SMTP_URL: catcher.smtpUrl } },
);

describeEachEngine(
  'one-time codes when the mail server fails',
  (t) => {
    it('answers 503, keeps no code and leaves an earlier verification as it was', async () => {
      const { db } = t().database;
      const customer = await insertCustomer(db);
      const denominationId = await insertDenomination(db, 25, 10);
      const id = await insertRedemption(db, {
        customerId: customer.id,
        status: 'REQUESTED',
        pieces: [{ denominationId, denom: 25, amount: 1 }],
      });
      for (const setUp of [async () => {}, () => markCodeChecked(db, id)]) {
        await setUp();
        const before = await redemptionState(db, id);
        for (let attempt = 0; attempt < 2; attempt++) {
          // The second attempt is not told to wait a minute: no code counts as sent.
          const response = await t().injectAsAdmin({ method: 'POST', url: '/api/admin/redeem/sendotp', payload: { id } });
          expect(response.statusCode).toBe(503);
          expect(response.json().message).toBe(
            'Cannot send the code: the mail server did not accept the e-mail. No code was sent; try again.',
          );
          expect(await redemptionState(db, id)).toEqual(before);
        }
      }
    });
  },
  { env: { SMTP_URL: `smtp://127.0.0.1:${closedPort}?ignoreTLS=true` } },
);

describeEachEngine('one-time codes without a mail server', (t) => {
  it('answers 503 naming the missing setting, writing nothing', async () => {
    const { db } = t().database;
    const customer = await insertCustomer(db);
    const denominationId = await insertDenomination(db, 5, 10);
    const id = await insertRedemption(db, {
      customerId: customer.id,
      status: 'REQUESTED',
      pieces: [{ denominationId, denom: 5, amount: 1 }],
    });
    const before = await redemptionState(db, id);
    const response = await t().injectAsAdmin({ method: 'POST', url: '/api/admin/redeem/sendotp', payload: { id } });
    expect(response.statusCode).toBe(503);
    expect(response.json().message).toBe('Cannot send the code: e-mail delivery is not configured on this server (SMTP_URL)');
    expect(await redemptionState(db, id)).toEqual(before);
  });
});
