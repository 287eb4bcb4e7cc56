import { count, sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { signInAttempts } from '../../../db/schema';
import { describeEachEngine, type TestApp } from '../../../test/test-app';

/** 21 wrong passwords for different e-mails, each claiming another address in X-Forwarded-For. */
async function spoofingRun(
  inject: (options: object) => Promise<{ statusCode: number }>,
  remoteAddress: string,
  forwardedFor: (i: number) => string,
): Promise<number[]> {
  const answers: number[] = [];
  for (let i = 0; i < 21; i++) {
    const response = await inject({
      method: 'POST',
      url: '/api/admin/login',
      payload: { email: `spoof${remoteAddress}-${i}@example.com`, password: 'wrong password here' },
      remoteAddress,
      headers: { 'x-forwarded-for': forwardedFor(i) },
    });
    answers.push(response.statusCode);
  }
  return answers;
}

const throttledAfter20 = [...Array<number>(20).fill(401), 429];

/** One more wrong password from another client behind the same proxies: not throttled, it is someone else. */
async function neighbour(t: TestApp, remoteAddress: string, forwardedFor: string): Promise<number> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/admin/login',
    payload: { email: 'neighbour@example.com', password: 'wrong password here' },
    remoteAddress,
    headers: { 'x-forwarded-for': forwardedFor },
  });
  return response.statusCode;
}

async function attemptsFrom(t: TestApp, address: string): Promise<number | undefined> {
  const [row] = await t.database.db
    .select({ n: count() })
    .from(signInAttempts)
    .where(sql`ip_address = ${address}::inet`);
  return row?.n;
}

describeEachEngine(
  'TRUST_PROXY as a hop count',
  (t) => {
    it('takes the address the proxy saw, so a client cannot pick its own to escape the per-address limit', async () => {
      // The load balancer (10.0.0.1) appends the address it saw; whatever the client wrote stays to its left.
      const answers = await spoofingRun(
        (o) => t().app.inject(o),
        '10.0.0.1',
        (i) => `198.18.0.${i}, 203.0.113.9`,
      );
      expect(answers).toEqual(throttledAfter20);
      expect(await attemptsFrom(t(), '203.0.113.9')).toBe(20);
      expect(await neighbour(t(), '10.0.0.1', '203.0.113.10')).toBe(401);
    });
  },
  { env: { TRUST_PROXY: '1' } },
);

describeEachEngine(
  'TRUST_PROXY as a list of proxies',
  (t) => {
    it('ignores X-Forwarded-For from a client that is not a listed proxy', async () => {
      const answers = await spoofingRun(
        (o) => t().app.inject(o),
        '203.0.113.20',
        (i) => `198.18.1.${i}`,
      );
      expect(answers).toEqual(throttledAfter20);
      expect(await attemptsFrom(t(), '203.0.113.20')).toBe(20);
    });

    it('takes the first address left of the listed proxies, not the client-written ones beyond it', async () => {
      // Two listed proxies in a row; 203.0.113.30 is the first hop that is not one of ours.
      const answers = await spoofingRun(
        (o) => t().app.inject(o),
        '10.1.2.3',
        (i) => `198.18.2.${i}, 203.0.113.30, 192.168.7.1`,
      );
      expect(answers).toEqual(throttledAfter20);
      expect(await attemptsFrom(t(), '203.0.113.30')).toBe(20);
      expect(await neighbour(t(), '10.1.2.3', '203.0.113.31, 192.168.7.1')).toBe(401);
    });
  },
  { env: { TRUST_PROXY: '10.1.0.0/16, 192.168.7.1' } },
);
