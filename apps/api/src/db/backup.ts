import { existsSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { openDatabase, processAlive, type DatabaseHandle } from './client';

/**
 * Backups of the embedded database (PGlite). Only one process may open a data folder, so while
 * the service runs it is the service that writes the copy: `npm run backup` leaves a request
 * file in DATA_DIR and sends the service SIGUSR2; the service dumps its folder (PGlite's
 * dumpDataDir, a gzipped tar taken between two statements: what a crash at that instant would
 * leave, which PostgreSQL's recovery makes consistent: every committed transaction, no
 * uncommitted one) to `<file>.partial`, then renames it to the file asked for. With no service
 * running, the command opens the folder itself. `npm run restore` loads such a file into an
 * empty folder.
 */

const requestPrefix = 'backup-request-';
const backupSignal = 'SIGUSR2';

interface BackupRequest {
  /** Absolute path of the file to write. */
  file: string;
}

/** The copy of an open PGlite: a checkpoint (a shorter recovery), then the folder as a gzipped tar. */
async function writeBackup(handle: DatabaseHandle, file: string): Promise<void> {
  if (!handle.dumpDataDir)
    throw new Error('only the embedded database (PGlite) is backed up this way; PostgreSQL: pg_dump (docs/deployment.md)');
  const dump = await handle.dumpDataDir();
  const partial = `${file}.partial`;
  await mkdir(dirname(file), { recursive: true });
  await writeFile(partial, Buffer.from(await dump.arrayBuffer()), { mode: 0o600 });
  renameSync(partial, file);
}

/**
 * In the running service: on SIGUSR2, writes a backup for every request file in the data
 * folder, then deletes the request (a failure is written beside it as `<request>.error`).
 * Answers a function that stops serving them.
 */
export function serveBackupRequests(
  dataDir: string,
  handle: DatabaseHandle,
  log: { info(msg: string): void; error(obj: object, msg: string): void },
) {
  let running: Promise<void> = Promise.resolve();
  const serve = async () => {
    const names = (await readdir(dataDir)).filter((name) => name.startsWith(requestPrefix) && name.endsWith('.json'));
    for (const name of names) {
      const requestFile = join(dataDir, name);
      try {
        const { file } = JSON.parse(await readFile(requestFile, 'utf8')) as BackupRequest;
        const startedAt = Date.now();
        await writeBackup(handle, file);
        log.info(`backup written to ${file} (${statSync(file).size} bytes in ${Date.now() - startedAt} ms)`);
      } catch (error) {
        log.error({ err: error }, 'backup failed');
        await writeFile(`${requestFile}.error`, (error as Error).message).catch(() => {});
      } finally {
        await rm(requestFile, { force: true });
      }
    }
  };
  const onSignal = () => {
    running = running.then(serve, serve);
  };
  process.on(backupSignal, onSignal);
  return () => process.off(backupSignal, onSignal);
}

/** The process holding the data folder (its pid file), if it still runs. */
function runningService(dataDir: string): number | undefined {
  const lockFile = join(dataDir, 'backoffice.pid');
  if (!existsSync(lockFile)) return undefined;
  const pid = Number(readFileSync(lockFile, 'utf8'));
  return Number.isInteger(pid) && pid > 0 && pid !== process.pid && processAlive(pid) ? pid : undefined;
}

/**
 * `npm run backup`: asks the running service for a copy, or makes it here when none runs.
 * Resolves with how it was made once `file` is complete.
 */
export async function backupDataDir(dataDir: string, file: string, timeoutMs = 600_000): Promise<'by the running service' | 'directly'> {
  const folder = resolve(dataDir);
  const target = resolve(file);
  if (!existsSync(join(folder, 'PG_VERSION'))) throw new Error(`${folder} holds no database`);
  rmSync(target, { force: true });
  const pid = runningService(folder);
  if (pid === undefined) {
    const handle = await openDatabase({ kind: 'pglite', dataDir: folder });
    try {
      await writeBackup(handle, target);
    } finally {
      await handle.close();
    }
    return 'directly';
  }
  const requestFile = join(folder, `${requestPrefix}${randomBytes(6).toString('hex')}.json`);
  writeFileSync(requestFile, JSON.stringify({ file: target } satisfies BackupRequest), { mode: 0o600 });
  process.kill(pid, backupSignal);
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (existsSync(`${requestFile}.error`)) {
      const message = readFileSync(`${requestFile}.error`, 'utf8');
      rmSync(`${requestFile}.error`, { force: true });
      throw new Error(`the service could not write the backup: ${message}`);
    }
    if (!existsSync(requestFile)) {
      if (existsSync(`${requestFile}.error`)) continue;
      if (existsSync(target)) return 'by the running service';
      throw new Error('the service took the request but wrote no backup (see its log)');
    }
    if (Date.now() > deadline || !processAlive(pid)) {
      rmSync(requestFile, { force: true });
      throw new Error(`no backup from the service (process ${pid}) within ${timeoutMs / 1000} s`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** `npm run restore`: a backup file into an empty (or missing) data folder, checked by opening it. */
export async function restoreDataDir(file: string, dataDir: string): Promise<void> {
  const folder = resolve(dataDir);
  if (existsSync(folder) && readdirSync(folder).length > 0) {
    throw new Error(`${folder} is not empty: restore into an empty folder (move the old one aside first)`);
  }
  const archive = readFileSync(resolve(file));
  const handle = await openDatabase({
    kind: 'pglite',
    dataDir: folder,
    from: new Blob([archive], { type: basename(file).endsWith('.tar') ? 'application/x-tar' : 'application/x-gzip' }),
  });
  try {
    await handle.db.execute(sql`select 1`);
  } finally {
    await handle.close();
  }
  // Request files the copy was taken with are not requests to the restored service.
  for (const name of readdirSync(folder)) if (name.startsWith(requestPrefix)) rmSync(join(folder, name), { force: true });
}
