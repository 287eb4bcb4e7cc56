import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { lockDataDir, migrateDatabase, openDatabase, selectRows } from './client';

describe('the embedded database folder', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'gold-db-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('keeps data across restarts', async () => {
    const first = await openDatabase({ kind: 'pglite', dataDir });
    await migrateDatabase(first);
    await first.db.execute(sql`insert into contact_messages (fullname, message, email) values ('Budi', 'Halo', 'budi@example.com')`);
    await first.close();

    const again = await openDatabase({ kind: 'pglite', dataDir });
    await migrateDatabase(again);
    const rows = await selectRows<{ fullname: string }>(again.db, sql`select fullname from contact_messages`);
    expect(rows).toEqual([{ fullname: 'Budi' }]);
    await again.close();
  });

  it('refuses a folder held by a live process and takes over one left by a dead process', () => {
    const held = mkdtempSync(join(tmpdir(), 'gold-lock-'));
    // The parent of this test process is alive for sure.
    writeFileSync(join(held, 'backoffice.pid'), String(process.ppid));
    expect(() => lockDataDir(held)).toThrow(/is in use by process/);
    writeFileSync(join(held, 'backoffice.pid'), '999999999');
    const release = lockDataDir(held);
    release();
    rmSync(held, { recursive: true, force: true });
  });
});

describe('a PostgreSQL connection ended by the server', async () => {
  const { createTestDatabase, postgresReachable } = await import('../test/test-databases');
  const up = await postgresReachable();

  it.skipIf(!up)('is reported, not thrown, and the pool goes on with a new connection', async () => {
    const database = await createTestDatabase('postgres');
    const ended: Error[] = [];
    const handle = await openDatabase({ kind: 'postgres', url: database.url!, poolSize: 1, onIdleConnectionError: (e) => ended.push(e) });
    try {
      const [before] = await selectRows<{ pid: number }>(handle.db, sql`select pg_backend_pid() as pid`);
      // The server ends the pool's idle connection, as a restart or an administrator would.
      await database.db.execute(sql`select pg_terminate_backend(${before!.pid})`);
      await expect.poll(() => ended.length).toBe(1);
      expect(ended[0]!.message).toMatch(/terminating connection/);
      const [after] = await selectRows<{ pid: number }>(handle.db, sql`select pg_backend_pid() as pid`);
      expect(after!.pid).not.toBe(before!.pid);
    } finally {
      await handle.close();
      await database.destroy();
    }
  });
});
