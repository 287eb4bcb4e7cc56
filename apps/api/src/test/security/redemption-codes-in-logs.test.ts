import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { loadConfig } from '../../config/config';
import { selectRows } from '../../db/client';
import { startMailCatcher } from '../../modules/mail/mail-catcher';
import { insertCustomer, insertDenomination, insertRedemption } from '../redemption-fixtures';
import { insertTestAdmin, signInCookie } from '../test-app';
import { createTestDatabase, engines, postgresReachable } from '../test-databases';

/**
 * One-time codes never reach the logs: the app built with a captured log stream at trace level
 * (what only a test here can do: modules do not import the app) goes through a whole collection.
 */
const catcher = await startMailCatcher();
afterAll(() => catcher.close());
const mailsTo = (email: string) => catcher.messages().filter((m) => m.to.includes(email));
const codeIn = (text: string) => /: (\d{6})\n/.exec(`${text}\n`)?.[1];

const postgresUp = await postgresReachable();

describe.each(engines)('one-time codes never reach the logs (%s)', (engine) => {
  it.skipIf(engine === 'postgres' && !postgresUp)(
    'logs at trace level through a send, wrong and right checks and an approve without the code or its hash',
    async () => {
      const database = await createTestDatabase(engine);
      const lines: string[] = [];
      const logStream = new Writable({
        write(chunk, _encoding, done) {
          lines.push(String(chunk));
          done();
        },
      });
      const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'trace', SEED_DEMO_DATA: 'false', SMTP_URL: catcher.smtpUrl });
      const app = await buildApp({ db: database.db, config, webDistDir: null, logStream });
      try {
        await insertTestAdmin(database);
        const cookie = await signInCookie(app);
        const customer = await insertCustomer(database.db);
        const denominationId = await insertDenomination(database.db, 100, 3);
        const id = await insertRedemption(database.db, {
          customerId: customer.id,
          status: 'PREPARATION',
          pieces: [{ denominationId, denom: 100, amount: 1 }],
        });
        const call = (action: string, payload: object) =>
          app.inject({ method: 'POST', url: `/api/admin/redeem/${action}`, payload, headers: { cookie } });
        expect((await call('sendotp', { id })).statusCode).toBe(200);
        const code = codeIn(mailsTo(customer.email)[0]!.text)!;
        const [{ hash }] = (await selectRows<{ hash: string }>(
          database.db,
          sql`select code_hash as hash from redemption_otps where redemption_id = ${id}`,
        )) as [{ hash: string }];
        expect((await call('checkotp', { id, otp: code === '111111' ? '222222' : '111111' })).statusCode).toBe(400);
        expect((await call('checkotp', { id, otp: code })).statusCode).toBe(200);
        expect((await call(`${id}/identity-check`, { documentType: 'KTP', last4: '0007' })).statusCode).toBe(201);
        expect((await call('approve', { id })).statusCode).toBe(200);
        const log = lines.join('');
        expect(log).toContain('/api/admin/redeem/checkotp');
        expect(log).not.toContain(code);
        expect(log).not.toContain(hash);
        expect(log).not.toContain(customer.email);
      } finally {
        await app.close();
        await database.destroy();
      }
    },
  );
});
