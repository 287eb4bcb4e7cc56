import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const repoRoot = join(import.meta.dirname, '../../../..');
const serverEntry = join(repoRoot, 'apps/api/dist/server.js');
const consoleIndex = join(repoRoot, 'apps/web/dist/index.html');

export const e2eAdmin = { email: 'kasir.emas@example.com', password: 'Brankas-Batangan-Loket-2026!' };

export interface ServerOptions {
  /**
   * Load the demo data on the empty database (SEED_DEMO_DATA=true: 500 customers, redemptions,
   * transactions, orders, messages, prices), so pages show real rows with real ids. Off by default.
   */
  demoData?: boolean;
  /**
   * Run the demo chain (anvil, token, funded wallets, real transfers) for tests of balances and
   * transactions. Off by default: it costs a few seconds a server, and other pages don't need it.
   */
  chain?: boolean;
}

export interface RunningServer {
  baseUrl: string;
  output(): string;
  stop(): Promise<void>;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no free port'))));
    });
  });
}

/**
 * The production bundle as a process (what `npm start` runs) on a fresh embedded database:
 * the real API and the built console on one origin. `npm test` builds before the tests run.
 */
export async function startServer({ demoData = false, chain = false }: ServerOptions = {}): Promise<RunningServer> {
  for (const file of [serverEntry, consoleIndex]) {
    if (!existsSync(file)) throw new Error(`${file} is missing: run \`npm run build\` first (npm test builds before testing)`);
  }
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'gold-e2e-'));
  const child: ChildProcessWithoutNullStreams = spawn(process.execPath, [serverEntry], {
    cwd: repoRoot,
    env: {
      PATH: process.env.PATH ?? '',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      ADMIN_EMAIL: e2eAdmin.email,
      ADMIN_PASSWORD: e2eAdmin.password,
      SEED_DEMO_DATA: demoData ? 'true' : 'false',
      DEMO_CHAIN: chain ? 'true' : 'false',
      LOG_LEVEL: 'warn',
    },
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const baseUrl = `http://127.0.0.1:${port}`;

  const stop = async () => {
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 15_000))]);
      if (child.exitCode === null) child.kill('SIGKILL');
    }
    rmSync(dataDir, { recursive: true, force: true });
  };

  // Seeding the demo data happens before the server listens.
  const startUpSeconds = demoData ? 180 : 60;
  const deadline = Date.now() + startUpSeconds * 1000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      await stop();
      throw new Error(`the server exited during start-up:\n${output}`);
    }
    try {
      if ((await fetch(`${baseUrl}/api/health`)).ok) return { baseUrl, output: () => output, stop };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  await stop();
  throw new Error(`the server did not answer /api/health within ${startUpSeconds} s:\n${output}`);
}
