import { count } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { signInAttempts } from '../../../db/schema';
import { describeEachEngine } from '../../../test/test-app';
import { passwordVerificationCount } from '../admins/passwords';

describeEachEngine('a crowd of concurrent sign-ins', (t) => {
  it('are checked a few at a time; past the queue they get 503 with Retry-After at once, and health answers meanwhile', async () => {
    const { app, database, config } = t();
    const crowd = 60;
    const verificationsBefore = passwordVerificationCount();
    let checkedSoFar = 0;
    let gateFull!: () => void;
    const firstShed = new Promise<void>((resolve) => (gateFull = resolve));
    const logins = Array.from({ length: crowd }, (_, i) =>
      app
        .inject({
          method: 'POST',
          url: '/api/admin/login',
          payload: { email: `crowd${i}@example.com`, password: 'wrong password here' },
          remoteAddress: `198.51.100.${i + 1}`,
        })
        .then((response) => {
          if (response.statusCode === 503) gateFull();
          else checkedSoFar++;
          return response;
        }),
    );
    // A 503 means every slot and queue place is taken: ask for health now.
    await firstShed;
    const health = await app.inject({ method: 'GET', url: '/api/health' });
    const checkedWhenHealthAnswered = checkedSoFar;
    const responses = await Promise.all(logins);

    const checked = responses.filter((r) => r.statusCode === 401);
    const shed = responses.filter((r) => r.statusCode === 503);
    console.log(
      `[${t().engine}] ${crowd} concurrent sign-ins: ${checked.length} checked, ${shed.length} answered 503; ` +
        `health answered ${health.statusCode} with ${checked.length - checkedWhenHealthAnswered} sign-ins still running or queued`,
    );
    // Health did not wait behind the sign-ins that held or awaited a turn.
    expect(health.statusCode).toBe(200);
    expect(health.json()).toEqual({ status: 'ok', database: 'up', indexer: null, alerts: [] });
    expect(checkedWhenHealthAnswered).toBeLessThan(checked.length);

    expect(checked.length + shed.length).toBe(crowd);
    // The first SIGN_IN_CONCURRENCY + SIGN_IN_QUEUE always get a turn; the crowd is far bigger.
    expect(checked.length).toBeGreaterThanOrEqual(config.SIGN_IN_CONCURRENCY + config.SIGN_IN_QUEUE);
    expect(shed.length).toBeGreaterThan(0);
    for (const response of shed) {
      expect(response.headers['retry-after']).toBe('1');
      expect(response.json()).toEqual({
        statusCode: 503,
        error: 'Service Unavailable',
        message: 'Too many sign-ins at once. Try again in a second.',
      });
    }
    // A shed sign-in costs nothing: no argon2 verification, no attempt recorded.
    expect(passwordVerificationCount() - verificationsBefore).toBe(checked.length);
    const [attempts] = await database.db.select({ n: count() }).from(signInAttempts);
    expect(attempts?.n).toBe(checked.length);
  });
});
