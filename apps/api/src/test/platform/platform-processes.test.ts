import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, expect, it } from 'vitest';
import { platformScopes } from '@gold/contract';
import { selectRows } from '../../db/client';
import { createSystemCredential } from '../../modules/credentials/credentials.repository';
import { simulatorCredentialName } from '../../modules/platform/simulator';
import { call, signIn, spawnApiProcess, startApiProcess, waitUntil, type ApiProcess, signInSupervisor } from '../api-processes';
import { describeEachEngine, testAdmin } from '../test-app';
import { addStockOverHttp } from '../vault-fixtures';
import { newWallet } from './platform-client';

/** The platform API through real API processes (the bundled entry point) on one PostgreSQL database. */
describeEachEngine(
  'platform API across API processes',
  (t) => {
    const processes: ApiProcess[] = [];
    afterAll(async () => {
      await Promise.all(processes.map((p) => p.stop()));
    });

    it(
      'holds an Idempotency-Key across two API processes: the stored answer from the other, 422 for another body',
      { timeout: 120_000 },
      async () => {
        const env = { DATABASE_URL: t().database.url! };
        const [a, b] = await Promise.all([startApiProcess(env), startApiProcess(env)]);
        processes.push(a, b);
        const { secret } = await createSystemCredential(t().database.db, 'two processes', ['customers']);
        const key = randomUUID();
        const body = { email: `two-${key.slice(0, 8)}@example.com`, fullName: 'Rina Dua Proses', walletAddress: newWallet() };
        const headers = { authorization: `Bearer ${secret}`, 'idempotency-key': key };

        const first = await call<{ id: number }>(a.baseUrl, '/api/platform/customers', { body, headers });
        expect(first.status).toBe(201);
        const again = await call<{ id: number }>(b.baseUrl, '/api/platform/customers', { body, headers });
        expect(again.status).toBe(201);
        expect(again.headers['idempotent-replayed']).toBe('true');
        expect(again.body).toEqual(first.body);
        const other = await call<{ message: string }>(b.baseUrl, '/api/platform/customers', {
          body: { ...body, fullName: 'Lain' },
          headers,
        });
        expect(other.status).toBe(422);

        // The same new key sent to both at once: one customer, and no answer but the stored one or "still processing".
        const raceKey = randomUUID();
        const raceBody = { email: `race-${raceKey.slice(0, 8)}@example.com`, fullName: 'Rina Balapan', walletAddress: newWallet() };
        const raced = await Promise.all(
          [a, b].map((p) =>
            call(p.baseUrl, '/api/platform/customers', { body: raceBody, headers: { ...headers, 'idempotency-key': raceKey } }),
          ),
        );
        expect(raced.map((r) => r.status).sort()).toEqual(expect.arrayContaining([201]));
        for (const answer of raced) expect([201, 409]).toContain(answer.status);
        const rows = await selectRows<{ n: number }>(
          t().database.db,
          sql`select count(*)::int as n from customers where email = ${raceBody.email}`,
        );
        expect(rows[0]!.n).toBe(1);
        // The leader's work (the simulator below among it) runs on one process of the database: these two step aside.
        await Promise.all([a.stop(), b.stop()]);
      },
    );

    it('refuses a production start on DATABASE_URL without SMTP_URL or a chain, naming each', { timeout: 60_000 }, async () => {
      // Empty values count as unset: the spawned process gets neither demo part named.
      const api = await spawnApiProcess({ DATABASE_URL: t().database.url!, NODE_ENV: 'production', DEMO_MAIL_CATCHER: '', DEMO_CHAIN: '' });
      expect(await api.exited).toBe(1);
      expect(api.stderr()).toMatch(/SMTP_URL: the mail server for customers' one-time codes is required on DATABASE_URL/);
      expect(api.stderr()).toMatch(/RPC_URL: the token's chain/);
      expect(api.output()).not.toMatch(/listening/i);
    });

    it('runs the simulated platform when named: it calls the public API and redemptions arrive', { timeout: 120_000 }, async () => {
      const api = await startApiProcess({
        DATABASE_URL: t().database.url!,
        PLATFORM_SIMULATOR: 'true',
        PLATFORM_SIMULATOR_INTERVAL_MS: '100',
        ADMIN_EMAIL: testAdmin.email,
        ADMIN_PASSWORD: testAdmin.password,
      });
      processes.push(api);
      const cookie = await signInSupervisor(api.baseUrl, testAdmin);
      const administratorCookie = await signIn(api.baseUrl, testAdmin);
      for (const denom of [1, 2, 5]) {
        const added = await addStockOverHttp(api.baseUrl, cookie, testAdmin, denom, 50);
        expect(added.status).toBeLessThan(300);
      }
      await waitUntil(
        'a redemption requested by the simulator',
        async () =>
          (
            await selectRows<{ n: number }>(
              t().database.db,
              sql`select count(*)::int as n from audit_log where action = 'platform.redemption-request' and details ->> 'credential' = ${simulatorCredentialName}`,
            )
          )[0]!.n > 0,
        90_000,
        250,
      );
      const actions = await selectRows<{ action: string }>(
        t().database.db,
        sql`select distinct action from audit_log where details ->> 'credential' = ${simulatorCredentialName} order by action`,
      );
      expect(actions.map((a) => a.action)).toEqual(
        expect.arrayContaining(['platform.customer-register', 'platform.kyc-record', 'platform.redemption-request']),
      );
      const credentials = await call<{ data: Array<{ name: string; scopes: string[]; status: string }> }>(
        api.baseUrl,
        '/api/admin/credentials',
        { cookie: administratorCookie },
      );
      expect(credentials.body.data.filter((c) => c.name === simulatorCredentialName && c.status === 'active')).toEqual([
        expect.objectContaining({ scopes: [...platformScopes] }),
      ]);
    });
  },
  { engines: ['postgres'] },
);
