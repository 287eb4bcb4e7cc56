import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';

const repoRoot = join(import.meta.dirname, '../../../..');
const serverEntry = join(repoRoot, 'apps/api/dist/server.js');
/**
 * The built console the servers serve: apps/web/dist, or E2E_WEB_DIST_DIR (a build of its own, e.g.
 * `vite build --outDir`, that another build in the same checkout cannot empty during a run).
 */
const webDistDir = process.env.E2E_WEB_DIST_DIR ?? join(repoRoot, 'apps/web/dist');
const consoleIndex = join(webDistDir, 'index.html');

export const e2eAdmin = { email: 'kasir.emas@example.com', password: 'Brankas-Batangan-Loket-2026!' };

/**
 * One admin per role (issue 32), beside the e2e admin (the server's first admin: an Administrator,
 * who may not touch the counter). Same password; the Teller serves JKT-01 (location 1, migration 0029).
 */
export const e2eAdmins = {
  administrator: { ...e2eAdmin, fullName: null, role: 'Administrator', locationId: null },
  supervisor: {
    email: 'penyelia.emas@example.com',
    password: e2eAdmin.password,
    fullName: 'Penyelia Satu',
    role: 'Supervisor',
    locationId: null,
  },
  supervisor2: {
    email: 'penyelia.dua@example.com',
    password: e2eAdmin.password,
    fullName: 'Penyelia Dua',
    role: 'Supervisor',
    locationId: null,
  },
  teller: { email: 'teller.jkt@example.com', password: e2eAdmin.password, fullName: 'Teller Jakarta', role: 'Teller', locationId: 1 },
  auditor: { email: 'auditor.emas@example.com', password: e2eAdmin.password, fullName: 'Auditor Emas', role: 'Auditor', locationId: null },
} as const;
export type E2eRole = keyof typeof e2eAdmins;

/**
 * Writes the per-role admins into a prepared database (the server stopped), as the server writes
 * its first admin: the password's hash copied from the e2e admin.
 */
async function addRoleAdmins(dataDir: string): Promise<void> {
  const { PGlite } = await import('@electric-sql/pglite');
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const db = await PGlite.create({ dataDir, extensions: { pg_trgm } });
  try {
    for (const admin of Object.values(e2eAdmins)) {
      if (admin.fullName === null) continue;
      await db.query(
        `insert into admins (full_name, email, password_hash, role, location_id)
         select $1, $2, password_hash, $3, $4 from admins where lower(email) = lower($5)`,
        [admin.fullName, admin.email, admin.role, admin.locationId, e2eAdmin.email],
      );
    }
  } finally {
    await db.close();
  }
}

/** What the database holds when a server starts: nothing but the e2e admin, the demo data, or the demo data and the demo chain. */
export type ServerData = 'empty' | 'demo' | 'demo-chain';

export interface ServerOptions {
  /**
   * 'demo' loads the demo data (SEED_DEMO_DATA=true: 500 customers, redemptions, transactions,
   * orders, messages, prices), so pages show real rows with real ids. 'demo-chain' also runs the
   * demo chain (anvil, token, funded wallets, real transfers) for balances and transactions.
   */
  data: ServerData;
  /**
   * A prepared data folder (see `prepareDataDir`) to start from: the server runs on a copy of it and
   * skips what is already done (migrations, first admin, demo data). Without it, an empty folder.
   */
  from?: string;
  /** Run on this folder and keep it afterwards (to prepare one); default: a temporary folder, removed on stop. */
  dataDir?: string;
}

export interface RunningServer {
  baseUrl: string;
  output(): string;
  stop(): Promise<void>;
}

/** The last part of a server's output, for error messages (info level logs every request). */
const keptOutput = 200_000;

/**
 * The production bundle as a process (what `npm start` runs) on an embedded database: the real
 * API and the built console on one origin. `npm test` builds before the tests run.
 */
export async function startServer({ data, from, dataDir }: ServerOptions): Promise<RunningServer> {
  for (const file of [serverEntry, consoleIndex]) {
    if (!existsSync(file)) throw new Error(`${file} is missing: run \`npm run build\` first (npm test builds before testing)`);
  }
  const folder = dataDir ?? mkdtempSync(join(tmpdir(), 'gold-e2e-'));
  if (from) cpSync(from, folder, { recursive: true });
  const child = spawn(process.execPath, [serverEntry], {
    cwd: repoRoot,
    env: {
      PATH: process.env.PATH ?? '',
      HOST: '127.0.0.1',
      // The system picks a free port; the server names it in its "listening" line.
      PORT: '0',
      DATA_DIR: folder,
      WEB_DIST_DIR: webDistDir,
      ADMIN_EMAIL: e2eAdmin.email,
      ADMIN_PASSWORD: e2eAdmin.password,
      SEED_DEMO_DATA: data === 'empty' ? 'false' : 'true',
      DEMO_CHAIN: data === 'demo-chain' ? 'true' : 'false',
      // The browser tests count and compare rows: no simulated platform adding customers meanwhile.
      PLATFORM_SIMULATOR: 'false',
      // Info, for Fastify's "Server listening at" line: readiness without polling.
      LOG_LEVEL: 'info',
    },
  });
  let output = '';
  // Trimmed only once it holds twice what is kept: a shared server logs a line per request, and
  // trimming on every line copied the whole kept output each time.
  const record = (chunk: string) => {
    output += chunk;
    if (output.length > 2 * keptOutput) output = output.slice(-keptOutput);
  };
  child.stderr.setEncoding('utf8').on('data', record);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));

  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      // A bound on waiting for the graceful shutdown, then the hard way.
      await Promise.race([exited, once(AbortSignal.timeout(15_000), 'abort')]);
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGKILL');
        await exited;
      }
    }
    if (!dataDir) rmSync(folder, { recursive: true, force: true });
  };

  // Migrations, seeding the demo data and starting the chain happen before the server listens; on a
  // busy machine even an empty database's migrations took over 60 s. A bound on waiting, not a timing check.
  const startUpSeconds = 240;
  const listening = new Promise<string>((resolve, reject) => {
    const lines = createInterface({ input: child.stdout });
    lines.on('line', (line) => {
      record(`${line}\n`);
      const address = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(line);
      if (address) resolve(address[1]!);
    });
    child.once('error', reject);
    void exited.then(() => reject(new Error(`the server exited during start-up:\n${output}`)));
    AbortSignal.timeout(startUpSeconds * 1000).addEventListener('abort', () =>
      reject(new Error(`the server did not listen within ${startUpSeconds} s:\n${output}`)),
    );
  });
  try {
    const baseUrl = await listening;
    return { baseUrl, output: () => output.slice(-keptOutput), stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/**
 * Makes a data folder a server can start from (`startServer({ from })`): a server starts on it
 * (migrations, the e2e admin and, for 'demo', the demo data) and stops. Copying it is far cheaper
 * than doing that work again for every test file. `from` starts it from another prepared folder
 * ('demo' from 'empty': PGlite's initdb and the migrations are not done twice). The demo chain is
 * never prepared: its token and transfers live in the anvil process, not in the folder.
 */
export async function prepareDataDir(data: 'empty' | 'demo', from?: string): Promise<string> {
  const dataDir = mkdtempSync(join(tmpdir(), `gold-e2e-prepared-${data}-`));
  const server = await startServer({ data, from, dataDir });
  await server.stop();
  // The role admins go into the empty folder, which every other one starts from.
  if (!from) await addRoleAdmins(dataDir);
  return dataDir;
}
