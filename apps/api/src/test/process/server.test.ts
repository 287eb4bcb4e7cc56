import { mkdtempSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../db/client';
import { customers } from '../../db/schema';
import { defaultSeedCounts } from '../../db/seed/seed-demo-data';
import { spawnApiProcess, startApiProcess, type ApiProcess } from '../api-processes';
import { migratedDataDir } from '../test-databases';

/** The real entry point as a process: start-up, first admin, logs, graceful shutdown. */

/** As `npm start` runs it: the demo chain on. */
const startServer = (env: Record<string, string>) => startApiProcess({ DEMO_CHAIN: 'true', ...env });

describe('the server process', () => {
  let dataDir: string;
  const password = 'Penjaga Brankas 2026 emas!';
  let server: ApiProcess;

  beforeAll(async () => {
    // Not about a first start: a migrated folder spares the process initdb and the migrations.
    dataDir = await migratedDataDir();
    server = await startServer({ DATA_DIR: dataDir, ADMIN_EMAIL: 'vault@example.com', ADMIN_PASSWORD: password, LOG_LEVEL: 'info' });
  }, 150_000);
  afterAll(() => {
    if (server?.child.exitCode === null) server.child.kill('SIGKILL');
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('creates the first admin from the environment and keeps secrets out of the logs', async () => {
    const login = await fetch(`http://127.0.0.1:${server.port}/api/admin/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'vault@example.com', password }),
    });
    expect(login.status).toBe(200);
    const token = /bo_session=([^;]+)/.exec(login.headers.get('set-cookie') ?? '')?.[1];
    expect(token).toBeTruthy();
    const session = await fetch(`http://127.0.0.1:${server.port}/api/account/session`, { headers: { cookie: `bo_session=${token}` } });
    expect(session.status).toBe(200);
    // The request's log line, once written (the process writes it after answering).
    await expect.poll(() => server.output(), { timeout: 10_000 }).toContain('"url":"/api/account/session"');
    const logs = server.output();
    expect(logs).not.toContain(password);
    expect(logs).not.toContain(token);
  });

  it('finishes a request in flight on SIGTERM, then exits cleanly', async () => {
    // A request whose body is still arriving when the signal comes.
    const socket = connect(server.port, '127.0.0.1');
    await new Promise<void>((resolve) => socket.on('connect', () => resolve()));
    let response = '';
    socket.on('data', (chunk) => (response += chunk));
    const body = JSON.stringify({ email: 'vault@example.com', password: 'wrong password, still in flight' });
    socket.write(
      `POST /api/admin/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n`,
    );
    socket.write(body.slice(0, 10));
    await new Promise((r) => setTimeout(r, 200));
    server.child.kill('SIGTERM');
    // The signal taken, the process waits for the request rather than exiting.
    await expect.poll(() => server.output(), { timeout: 10_000 }).toContain('shutting down');
    expect(server.child.exitCode).toBeNull();
    socket.write(body.slice(10));
    await new Promise<void>((resolve) => socket.on('close', () => resolve()));
    expect(response).toMatch(/^HTTP\/1.1 401/);
    expect(await server.exited).toBe(0);
    expect(server.output()).toContain('shutting down');
  }, 30_000);
});

describe('demo data', () => {
  // One first start on an empty folder covers both first-start duties: the demo data and, with no
  // admin configured, a generated password printed once.
  it('is loaded into an empty database on the first start only, beside a first admin whose generated password is printed once', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'gold-demo-'));
    const customerCount = async () => {
      const handle = await openDatabase({ kind: 'pglite', dataDir });
      try {
        return (await handle.db.select({ n: count() }).from(customers))[0]!.n;
      } finally {
        await handle.close();
      }
    };
    try {
      const first = await startServer({ DATA_DIR: dataDir, SEED_DEMO_DATA: 'true', LOG_LEVEL: 'info' });
      expect(first.output()).toContain('empty database: loading demo data');
      const password = /password: (\S+)/.exec(first.output())?.[1];
      expect(password).toMatch(/^[A-Za-z0-9_-]{24}$/);
      const login = await fetch(`http://127.0.0.1:${first.port}/api/admin/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'admin@example.com', password }),
      });
      expect(login.status).toBe(200);
      first.child.kill('SIGTERM');
      expect(await first.exited).toBe(0);
      expect(await customerCount()).toBe(defaultSeedCounts.users);

      const second = await startServer({ DATA_DIR: dataDir, SEED_DEMO_DATA: 'true', LOG_LEVEL: 'info' });
      expect(second.output()).not.toContain('loading demo data');
      expect(second.output()).not.toMatch(/password:/);
      second.child.kill('SIGTERM');
      expect(await second.exited).toBe(0);
      expect(await customerCount()).toBe(defaultSeedCounts.users);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 300_000);
});

describe('start-up checks', () => {
  it('stops with a message naming a wrong setting', async () => {
    const server = await spawnApiProcess({ PORT: 'not-a-port', SESSION_IDLE_MINUTES: '-5' });
    expect(await server.exited).toBe(1);
    expect(server.stderr()).toMatch(/Invalid configuration/);
    expect(server.stderr()).toMatch(/PORT/);
    expect(server.stderr()).toMatch(/SESSION_IDLE_MINUTES/);
  });
});
