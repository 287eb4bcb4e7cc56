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
