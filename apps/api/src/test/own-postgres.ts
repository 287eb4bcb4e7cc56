import { execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { freePort } from './api-processes';

/**
 * A PostgreSQL server of a test's own (initdb and pg_ctl on a temporary folder), for what the
 * shared server must not suffer: being stopped and started again. The server binaries come
 * from /usr/lib/postgresql/<version>/bin; as root, initdb refuses to run, so the server runs as
 * the postgres user (runuser).
 */
export interface OwnPostgres {
  url: string;
  /** Stops the server the way a restart or failover does (fast: sessions are ended with 57P01). */
  stop(): void;
  start(): void;
  /** Stops it for good and deletes its folder. */
  destroy(): void;
}

/** The newest installed server's bin folder, or undefined. */
export function postgresServerBin(): string | undefined {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return undefined;
  const versions = readdirSync(root)
    .filter((version) => existsSync(join(root, version, 'bin', 'pg_ctl')) && existsSync(join(root, version, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? join(root, versions[0], 'bin') : undefined;
}

export async function startOwnPostgres(database = 'test'): Promise<OwnPostgres> {
  const bin = postgresServerBin();
  if (!bin) throw new Error('no PostgreSQL server binaries under /usr/lib/postgresql');
  const folder = mkdtempSync(join(tmpdir(), 'gold-own-postgres-'));
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
    chownSync(folder, uid, gid);
  }
  const run = (tool: string, args: string[]) =>
    asRoot
      ? execFileSync('runuser', ['-u', 'postgres', '--', join(bin, tool), ...args], { stdio: 'pipe' })
      : execFileSync(join(bin, tool), args, { stdio: 'pipe' });
  const dataDir = join(folder, 'data');
  const port = await freePort();
  run('initdb', ['-D', dataDir, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8', '--locale=C']);
  const options = `-p ${port} -k ${folder} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=100`;
  const start = () => run('pg_ctl', ['-D', dataDir, '-o', options, '-l', join(folder, 'server.log'), '-w', '-t', '60', 'start']);
  const stop = () => run('pg_ctl', ['-D', dataDir, '-m', 'fast', '-w', '-t', '60', 'stop']);
  start();
  const admin = new pg.Client({ connectionString: `postgres://postgres@127.0.0.1:${port}/postgres` });
  await admin.connect();
  await admin.query(`create database ${database}`);
  await admin.end();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/${database}`,
    stop,
    start,
    destroy() {
      try {
        stop();
      } catch {
        // already stopped
      }
      rmSync(folder, { recursive: true, force: true });
    },
  };
}
