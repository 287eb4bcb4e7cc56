import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selectRows } from '../../db/client';
import { openEventStream } from '../live-updates/sse-client';
import { trustTestCertificate } from '../test-tls';
import { call, freePort, signIn, startApiProcess, waitUntil, type ApiProcess } from '../api-processes';
import { insertTestAdmin, testAdmin } from '../test-app';
import { createTestDatabase, postgresReachable, type TestDatabase } from '../test-databases';

/**
 * deploy/nginx.conf, as the repository has it (only the ports and certificate paths changed), in
 * a real nginx in front of two real API processes on one PostgreSQL database: plain http sent to
 * https, HSTS and the __Host- cookie over TLS, a request, a live-update stream passed on
 * unbuffered, the client's claimed address not believed, and a rolling restart of both processes
 * (each taken out of the upstream, restarted, put back) with no failed request.
 */
const nginxBinary = ['/usr/sbin/nginx', '/usr/local/sbin/nginx', '/usr/local/nginx/sbin/nginx'].find((path) => existsSync(path));
const postgresUp = await postgresReachable();
if (!postgresUp) process.stdout.write('notice: no PostgreSQL reachable: the nginx deployment test is skipped\n');
else if (!nginxBinary)
  process.stdout.write('notice: nginx is not installed (apt-get install nginx-light): the nginx deployment test is skipped\n');

const repoConfig = readFileSync(join(import.meta.dirname, '../../../../../deploy/nginx.conf'), 'utf8');

describe.skipIf(!postgresUp || !nginxBinary)('deploy/nginx.conf in front of two API processes', () => {
  let database: TestDatabase;
  const apis: ApiProcess[] = [];
  let nginx: ChildProcess;
  let nginxLog = '';
  let dir: string;
  let origin: string;
  let listenPort: number;
  let plainPort: number;
  const env = () => ({ DATABASE_URL: database.url!, TRUST_PROXY: 'loopback' });

  /** The repository's file with this test's ports; `down` marks API processes taken out for a restart. */
  const writeSite = (down: Set<number> = new Set()) => {
    let upstream = 0;
    const site = repoConfig
      .replace(/server 127\.0\.0\.1:300[12] /g, () => {
        const api = apis[upstream++]!;
        return `server 127.0.0.1:${api.port}${down.has(api.port) ? ' down' : ''} `;
      })
      .replace('listen 80;', `listen 127.0.0.1:${plainPort};`)
      .replace('listen 443 ssl http2;', `listen 127.0.0.1:${listenPort} ssl http2;`)
      .replace(/\/etc\/ssl\/gold-back-office\//g, `${dir}/`);
    expect(upstream).toBe(2);
    writeFileSync(join(dir, 'site.conf'), site);
  };

  const nginxWorkers = () => readFileSync(`/proc/${nginx.pid}/task/${nginx.pid}/children`, 'utf8').split(' ').filter(Boolean).map(Number);

  /** nginx -s reload, then waits until the workers of the old configuration have finished and exited. */
  const reload = async () => {
    const old = nginxWorkers();
    nginx.kill('SIGHUP');
    await waitUntil('the old nginx workers to exit', () => {
      const now = nginxWorkers();
      return now.length > 0 && now.every((pid) => !old.includes(pid));
    });
  };

  beforeAll(async () => {
    database = await createTestDatabase('postgres');
    await insertTestAdmin(database);
    apis.push(...(await Promise.all([startApiProcess(env()), startApiProcess(env())])));
    dir = mkdtempSync(join(tmpdir(), 'gold-nginx-'));
    // nginx's workers run as an unprivileged user when the master is root: they must reach the temp folders.
    chmodSync(dir, 0o755);
    listenPort = await freePort();
    plainPort = await freePort();
    // A self-signed certificate for 127.0.0.1, trusted by this test's requests only.
    const made = spawnSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'ec',
        '-pkeyopt',
        'ec_paramgen_curve:prime256v1',
        '-nodes',
        '-days',
        '1',
        '-subj',
        '/CN=127.0.0.1',
        '-addext',
        'subjectAltName=IP:127.0.0.1',
        '-keyout',
        join(dir, 'privkey.pem'),
        '-out',
        join(dir, 'fullchain.pem'),
      ],
      { encoding: 'utf8' },
    );
    expect(made.status, made.stderr).toBe(0);
    trustTestCertificate(readFileSync(join(dir, 'fullchain.pem'), 'utf8'));
    writeSite();
    writeFileSync(
      join(dir, 'nginx.conf'),
      [
        'daemon off;',
        'worker_processes 1;',
        `pid ${dir}/nginx.pid;`,
        `error_log ${dir}/error.log notice;`,
        'events { worker_connections 512; }',
        'http {',
        `  access_log ${dir}/access.log;`,
        `  client_body_temp_path ${dir}/body;`,
        `  proxy_temp_path ${dir}/proxy;`,
        `  include ${dir}/site.conf;`,
        '}',
        '',
      ].join('\n'),
    );
    const check = spawnSync(nginxBinary!, ['-t', '-p', dir, '-e', `${dir}/error.log`, '-c', `${dir}/nginx.conf`], { encoding: 'utf8' });
    expect(check.status, check.stderr).toBe(0);
    nginx = spawn(nginxBinary!, ['-p', dir, '-e', `${dir}/error.log`, '-c', `${dir}/nginx.conf`]);
    nginx.stderr?.on('data', (chunk) => (nginxLog += chunk));
    origin = `https://127.0.0.1:${listenPort}`;
    await waitUntil('nginx to answer', () =>
      call(origin, '/api/health/live').then(
        (r) => r.status === 200,
        () => false,
      ),
    );
  }, 240_000);

  afterAll(async () => {
    if (nginx && nginx.exitCode === null) {
      const exited = new Promise((resolve) => nginx.once('exit', resolve));
      nginx.kill('SIGQUIT');
      await exited;
    }
    await Promise.all(apis.map((api) => api.stop()));
    await database?.destroy();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('sends plain http to https, and answers https with HSTS once and the __Host- session cookie', async () => {
    const plain = await call(`http://127.0.0.1:${plainPort}`, '/api/admin/list/admins?limit=5');
    expect(plain.status).toBe(301);
    expect(plain.headers.location).toBe('https://127.0.0.1/api/admin/list/admins?limit=5');
    for (const path of ['/api/health/live', '/api/no-such-route', '/dashboard']) {
      const answer = await call(origin, path);
      expect(answer.headers['strict-transport-security'], `${path} ${answer.status}`).toBe('max-age=31536000; includeSubDomains');
    }
    const login = await call(origin, '/api/admin/login', { body: testAdmin });
    expect(login.status).toBe(200);
    expect(login.headers['set-cookie']?.[0]).toMatch(/^__Host-bo_session=[^;]+; Max-Age=\d+; Path=\/; HttpOnly; Secure; SameSite=Strict$/);
  });

  it('passes requests and health checks through, and a signed-in session works', async () => {
    expect(await call(origin, '/api/health/live')).toMatchObject({ status: 200, body: { status: 'ok' } });
    expect(await call(origin, '/api/health/ready')).toMatchObject({ status: 200, body: { status: 'ok', database: 'up' } });
    const cookie = await signIn(origin, testAdmin);
    expect((await call(origin, '/api/account/session', { cookie })).status).toBe(200);
    // Not what nginx logged: the health checks are left out of its access log.
    expect(readFileSync(join(dir, 'access.log'), 'utf8')).not.toMatch(/health/);
  });

  it('streams live updates unbuffered, and records the address nginx saw, not the one a client claims', async () => {
    const cookie = await signIn(origin, testAdmin);
    const stream = await openEventStream(origin, { cookie });
    try {
      expect(stream.status).toBe(200);
      await stream.next((m) => m.type === 'ready');
      const added = await call<{ denomination: { id: number } }>(origin, '/api/admin/physicalgold/add', {
        body: { denom: 50, amount: 2 },
        cookie,
        headers: { 'x-forwarded-for': '203.0.113.7' },
      });
      expect(added.status).toBe(201);
      const denominationId = added.body.denomination.id;
      // While the stream is still open: nginx passed the message on as it came.
      await stream.next((m) => m.type === 'stock.changed' && m.denominationId === denominationId, 10_000);
    } finally {
      stream.close();
    }
    const [row] = await selectRows<{ ip: string }>(
      database.db,
      sql`select host(ip_address) as ip from audit_log where ip_address is not null order by id desc limit 1`,
    );
    expect(row?.ip).toBe('127.0.0.1');
  });

  it('restarts both processes one at a time without a failed request', async () => {
    const cookie = await signIn(origin, testAdmin);
    const failures: string[] = [];
    let answered = 0;
    let rolling = true;
    const load = (async () => {
      while (rolling) {
        const answers = await Promise.all([
          call(origin, '/api/account/session', { cookie }).then(
            (r) => r.status,
            (e: Error) => e.message,
          ),
          call(origin, '/api/admin/login', { body: { email: 'nobody@example.com', password: 'x' } }).then(
            (r) => r.status,
            (e: Error) => e.message,
          ),
          call(origin, '/api/health/ready').then(
            (r) => r.status,
            (e: Error) => e.message,
          ),
        ]);
        answered += answers.length;
        if (answers[0] !== 200) failures.push(`session: ${answers[0]}`);
        if (answers[1] !== 401 && answers[1] !== 429) failures.push(`login: ${answers[1]}`);
        if (answers[2] !== 200) failures.push(`ready: ${answers[2]}`);
      }
    })();
    try {
      for (let i = 0; i < apis.length; i++) {
        const old = apis[i]!;
        // Out of the upstream, then drained and stopped, then a new process on the same port, then back in.
        writeSite(new Set([old.port]));
        await reload();
        expect(await old.stop()).toBe(0);
        apis[i] = await startApiProcess({ ...env(), PORT: String(old.port) });
        writeSite();
        await reload();
      }
    } finally {
      rolling = false;
      await load;
    }
    expect(failures).toEqual([]);
    expect(answered).toBeGreaterThan(10);
    expect(nginxLog).toBe('');
  }, 240_000);
});
