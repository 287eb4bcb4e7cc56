import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, selectRows } from '../../db/client';
import { bundledEntryPoint, call, startApiProcess, type ApiProcess, signInSupervisor } from '../api-processes';
import { testAdmin } from '../test-app';
import { migratedDataDir } from '../test-databases';

/**
 * The restore drill on the embedded database: an API process on a data folder takes writes one
 * after another (each a new denomination, acknowledged by its 201); `npm run backup` runs while
 * they go on; the copy is restored into an empty folder with `npm run restore`. Every write
 * acknowledged before the backup began is there, and what is there is a prefix of the writes
 * (a consistent copy: no later write without the earlier ones). With the service stopped, the
 * command makes the copy itself.
 */
const repoRoot = join(import.meta.dirname, '../../../../..');

/** `npm run backup` / `npm run restore`: src/cli/backup.ts, as bundled for this run (tsx would compile it each time). */
function runCli(command: 'backup' | 'restore', file: string, dataDir: string): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [bundledEntryPoint('backup'), command, file], {
      cwd: repoRoot,
      env: { PATH: process.env.PATH ?? '', DATA_DIR: dataDir },
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.once('exit', (code) => resolve({ code, output }));
  });
}

describe('backup and restore of the embedded database', () => {
  const folder = mkdtempSync(join(tmpdir(), 'gold-backup-'));
  let dataDir: string | undefined;
  let api: ApiProcess | undefined;
  afterAll(async () => {
    await api?.stop();
    rmSync(folder, { recursive: true, force: true });
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('a copy taken while writes go on holds every write acknowledged before it, and comes back into an empty folder', async () => {
    dataDir = await migratedDataDir();
    api = await startApiProcess({ DATA_DIR: dataDir, ADMIN_EMAIL: testAdmin.email, ADMIN_PASSWORD: testAdmin.password });
    const cookie = await signInSupervisor(api.baseUrl, testAdmin);
    const acknowledgedAt: number[] = [];
    let writing = true;
    const write = async (denom: number) => {
      const answer = await call(api!.baseUrl, '/api/admin/physicalgold/add', { cookie, body: { denom, amount: 1 } });
      expect(answer.status).toBe(201);
      acknowledgedAt[denom] = Date.now();
    };
    const writer = (async () => {
      for (let denom = 1; writing; denom++) await write(denom);
    })();
    await expect.poll(() => acknowledgedAt.length, { timeout: 60_000 }).toBeGreaterThan(30);

    const file = join(folder, 'backup.tar.gz');
    const backupStartedAt = Date.now();
    const backup = await runCli('backup', file, dataDir);
    const backupEndedAt = Date.now();
    expect(backup.output).toContain('written by the running service');
    expect(backup.code).toBe(0);
    // A few more after it: they must not be in the copy, nor stop the service.
    const afterBackup = acknowledgedAt.length;
    await expect.poll(() => acknowledgedAt.length, { timeout: 30_000 }).toBeGreaterThan(afterBackup + 5);
    writing = false;
    await writer;
    expect(api.child.exitCode).toBeNull();
    await api.stop();

    const restoredDir = join(folder, 'restored');
    const restore = await runCli('restore', file, restoredDir);
    expect(restore.output).toContain('restored into');
    expect(restore.code).toBe(0);
    const restored = await openDatabase({ kind: 'pglite', dataDir: restoredDir });
    const denoms = (
      await selectRows<{ denom: number }>(restored.db, sql`select denom::int as denom from gold_denominations order by denom`)
    ).map((row) => row.denom);
    await restored.close();

    const acknowledged = acknowledgedAt.flatMap((at, denom) => (at === undefined ? [] : [{ denom, at }]));
    const beforeBackup = acknowledged.filter((w) => w.at < backupStartedAt).map((w) => w.denom);
    const duringBackup = acknowledged.filter((w) => w.at >= backupStartedAt && w.at <= backupEndedAt).map((w) => w.denom);
    expect(beforeBackup.length).toBeGreaterThanOrEqual(30);
    expect(denoms).toEqual(expect.arrayContaining(beforeBackup));
    // A prefix of the writes: 1..n, no gap.
    expect(denoms).toEqual(Array.from({ length: denoms.length }, (_, i) => i + 1));
    expect(denoms.length).toBeLessThan(acknowledged.length);
    process.stdout.write(
      `backup drill: ${statSync(file).size} bytes, backup ${backupEndedAt - backupStartedAt} ms (command start to finish), ` +
        `${acknowledged.length} writes acknowledged, ${beforeBackup.length} before the backup all restored, ` +
        `${duringBackup.length} during it (${denoms.length - beforeBackup.length} of them in the copy)\n`,
    );

    // The service stopped: the command opens the folder itself.
    const offline = await runCli('backup', join(folder, 'offline.tar.gz'), dataDir!);
    expect(offline.output).toContain('written directly');
    expect(offline.code).toBe(0);
    // A folder that is not empty is never restored into.
    const refused = await runCli('restore', file, dataDir!);
    expect(refused.code).toBe(1);
    expect(refused.output).toContain('is not empty');
  }, 300_000);
});
