import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, signIn, startApiProcess, waitUntil, type ApiProcess, signInSupervisor } from '../api-processes';
import { openEventStream, type EventStreamClient } from '../live-updates/sse-client';
import { postgresServerBin, startOwnPostgres, type OwnPostgres } from '../own-postgres';
import { testAdmin } from '../test-app';

/**
 * A PostgreSQL restart (as a failover or a minor upgrade does) under load: one API process and
 * a two-worker cluster on a PostgreSQL of the test's own, calls running on both, a live-update
 * stream open on the cluster. The server is stopped (fast: every session ends with 57P01, the
 * checked-out ones too) and started again. While it is away, calls get 503 with Retry-After,
 * readiness says not ready and liveness answers; afterwards everything answers again with no
 * restart, the stream hears new events, a process leads again, and no process or worker exited.
 */
const serverBin = postgresServerBin();
if (!serverBin) process.stdout.write('notice: no PostgreSQL server binaries: the database restart test is skipped\n');

describe.skipIf(!serverBin)('a database restart under load', () => {
  let postgres: OwnPostgres;
  let single: ApiProcess;
  let cluster: ApiProcess;
  let stream: EventStreamClient | undefined;

  beforeAll(async () => {
    postgres = await startOwnPostgres('restart');
    const env = {
      DATABASE_URL: postgres.url,
      ADMIN_EMAIL: testAdmin.email,
      ADMIN_PASSWORD: testAdmin.password,
      DEMO_MAIL_CATCHER: 'false',
      DATABASE_ACQUIRE_TIMEOUT_MS: '2000',
    };
    // Side by side: the start-up lock lets one of them migrate and create the admin, the other waits for it.
    [single, cluster] = await Promise.all([startApiProcess(env), startApiProcess({ ...env, WORKERS: '2' })]);
  }, 240_000);
  afterAll(async () => {
    stream?.close();
    await Promise.all([single?.stop(), cluster?.stop()]);
    postgres?.destroy();
  });

  it('no process exits; 503 with Retry-After while it is away; calls, the stream and the lead come back on their own', async () => {
    const singleCookie = await signInSupervisor(single.baseUrl, testAdmin);
    const clusterCookie = await signIn(cluster.baseUrl, testAdmin);
    stream = await openEventStream(cluster.baseUrl, { cookie: clusterCookie });
    expect(stream.status).toBe(200);
    await stream.next((m) => m.type === 'ready');
    const leadsTaken = () => (single.output() + cluster.output()).match(/leadership taken/g)?.length ?? 0;
    await waitUntil('a process to lead', () => leadsTaken() > 0, 20_000);
    const leadsBefore = leadsTaken();

    // Twenty callers per process, each call a transaction or two (a page is a count and a select).
    const statuses: number[] = [];
    const unavailableWithoutRetryAfter: number[] = [];
    let loading = true;
    const load = (baseUrl: string, cookie: string) =>
      (async () => {
        for (let i = 0; loading; i++) {
          const path = i % 2 === 0 ? '/api/admin/count/users' : '/api/admin/list/users?limit=10&sort=fullName&order=asc';
          const answer = await call(baseUrl, path, { cookie, timeoutMs: 20_000 }).catch(() => undefined);
          statuses.push(answer?.status ?? 0);
          if (answer?.status === 503 && !answer.headers['retry-after']) unavailableWithoutRetryAfter.push(answer.status);
        }
      })();
    const callers = [
      ...Array.from({ length: 20 }, () => load(single.baseUrl, singleCookie)),
      ...Array.from({ length: 20 }, () => load(cluster.baseUrl, clusterCookie)),
    ];
    await waitUntil('calls to be answered under load', () => statuses.filter((s) => s === 200).length > 100, 20_000);

    postgres.stop();
    try {
      for (const api of [single, cluster]) {
        const away = await call(api.baseUrl, '/api/admin/count/users', { cookie: api === single ? singleCookie : clusterCookie });
        expect(away.status).toBe(503);
        expect(Number(away.headers['retry-after'])).toBeGreaterThan(0);
        expect((await call(api.baseUrl, '/api/health/ready')).status).toBe(503);
        expect((await call(api.baseUrl, '/api/health/live')).status).toBe(200);
      }
    } finally {
      postgres.start();
    }

    const answersAgain = (api: ApiProcess, cookie: string) => async () =>
      (await call(api.baseUrl, '/api/admin/count/users', { cookie }).catch(() => ({ status: 0 }))).status === 200 &&
      (await call(api.baseUrl, '/api/health/ready').catch(() => ({ status: 0 }))).status === 200;
    await waitUntil('the single process to answer again', answersAgain(single, singleCookie), 20_000);
    await waitUntil('the cluster to answer again', answersAgain(cluster, clusterCookie), 20_000);
    loading = false;
    await Promise.all(callers);

    expect(single.child.exitCode).toBeNull();
    expect(cluster.child.exitCode).toBeNull();
    expect(cluster.output()).not.toMatch(/a worker died/);
    expect(single.output() + cluster.output()).not.toMatch(/shutting down after an error/);
    expect(new Set(statuses.filter((s) => s !== 200 && s !== 503))).toEqual(new Set());
    expect(unavailableWithoutRetryAfter).toEqual([]);

    // The stream opened before the restart hears an event written through the other process after it.
    const added = await call<{ denomination: { id: number } }>(single.baseUrl, '/api/admin/physicalgold/add', {
      cookie: singleCookie,
      body: { denom: 50, amount: 2 },
    });
    expect(added.status).toBe(201);
    await stream.next((m) => m.type === 'stock.changed' && m.denominationId === added.body.denomination.id, 15_000);

    // The leader's session ended with the server: a process takes the lead again.
    await waitUntil('a process to lead again', () => leadsTaken() > leadsBefore, 20_000);
  }, 120_000);
});
