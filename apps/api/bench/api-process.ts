import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';

export interface BenchApi {
  baseUrl: string;
  /** Cookie header of a signed-in admin. */
  cookie: string;
  /** The API's process id. */
  pid: number;
  /** Peak resident memory of the API process so far (VmHWM), in bytes. */
  peakRss(): number;
  /** Resident memory of the API process now (VmRSS), in bytes. */
  rss(): number;
  stop(): Promise<void>;
}

const admin = { email: 'bench@example.com', password: 'Timbangan-Emas 2026 loket kasir!' };

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

/** One sign-in of the bench's admin over HTTP, answering the status (a burst of them is timed in load-benchmark.ts). */
export async function signInAs(baseUrl: string): Promise<string> {
  const answer = await fetch(`${baseUrl}/api/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(admin),
  });
  await answer.arrayBuffer();
  return String(answer.status);
}

let builtApi = false;

/**
 * Runs the API from its build (apps/api/dist/server.js, as `npm start` does; build it first)
 * instead of its sources through tsx, which holds some 40 MB more resident memory.
 */
export function useBuiltApi() {
  if (!existsSync(join(import.meta.dirname, '../dist/server.js')))
    throw new Error('apps/api/dist/server.js is missing: npm run build first');
  builtApi = true;
}

/** How the API process runs, for the figures' text. */
export const apiRunsFrom = () => (builtApi ? 'its build (apps/api/dist/server.js)' : 'its sources through tsx');

const statusField = (pid: number | undefined, field: 'VmHWM' | 'VmRSS') => {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(status)?.[1] ?? 0) * 1024;
};

/**
 * The API as its own process (as in production) on the benchmark's database, with a signed-in
 * admin; `env` adds settings (e.g. the chain node: RPC_URL, TOKEN_ADDRESS, TOKEN_DEPLOYMENT_BLOCK).
 * Without RPC_URL the demo chain is off: the list cases measure the database alone.
 */
export async function startBenchApi(databaseUrl: string, env: Record<string, string> = {}): Promise<BenchApi> {
  const port = await freePort();
  // BENCH_NODE_ARGS: extra Node flags for the API process, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof` to profile a case.
  const args = builtApi
    ? [...(process.env.BENCH_NODE_ARGS?.split(' ') ?? []), join(import.meta.dirname, '../dist/server.js')]
    : ['--import', 'tsx', join(import.meta.dirname, '../src/server.ts')];
  const child: ChildProcess = spawn(process.execPath, args, {
    env: {
      PATH: process.env.PATH ?? '',
      DATABASE_URL: databaseUrl,
      HOST: '127.0.0.1',
      PORT: String(port),
      SEED_DEMO_DATA: 'false',
      LOG_LEVEL: 'warn',
      ADMIN_EMAIL: admin.email,
      ADMIN_PASSWORD: admin.password,
      WEB_DIST_DIR: '/nonexistent',
      DEMO_CHAIN: 'false',
      // The demo catcher stands in for a mail server, as it did before DATABASE_URL asked for SMTP_URL.
      DEMO_MAIL_CATCHER: 'true',
      // DATABASE_URL requires the key outside the database; the benchmark signs in with the password alone.
      OTP_HASH_KEY: 'benchmark-only one-time-code key, 32+ characters',
      REQUIRE_TWO_FACTOR: 'false',
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  };
  for (let tries = 0; ; tries++) {
    try {
      if ((await fetch(`${baseUrl}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (tries > 300 || child.exitCode !== null) {
      await stop();
      throw new Error('the API did not start');
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  const login = await fetch(`${baseUrl}/api/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(admin),
  });
  if (!login.ok) throw new Error(`bench sign-in failed: ${login.status}`);
  const cookie = login.headers.getSetCookie()[0]!.split(';')[0]!;
  return {
    baseUrl,
    cookie,
    pid: child.pid!,
    peakRss: () => statusField(child.pid, 'VmHWM'),
    rss: () => statusField(child.pid, 'VmRSS'),
    stop,
  };
}
