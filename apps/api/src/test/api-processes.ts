import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import type { IncomingHttpHeaders } from 'node:http';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { inject } from 'vitest';
import { requestFor } from './test-tls';

/** Real API processes (the entry point, src/server.ts bundled by global-setup.ts) started by tests. */

const apiRoot = join(import.meta.dirname, '../..');

/** An entry point as global-setup.ts bundled it for this run. */
export function bundledEntryPoint(name: 'server' | 'seed' | 'backup' | 'demo-chain-child' | 'transfer-watcher-child'): string {
  return join(inject('apiBundles'), `${name}.js`);
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no free port'))));
    });
  });
}

export async function waitUntil(
  what: string,
  condition: () => boolean | Promise<boolean>,
  timeoutMs = 60_000,
  everyMs = 100,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}

export interface ApiProcess {
  port: number;
  baseUrl: string;
  child: ChildProcessWithoutNullStreams;
  /** Everything it wrote to stdout and stderr so far. */
  output(): string;
  /** What it wrote to stderr alone. */
  stderr(): string;
  exited: Promise<number | null>;
  /** SIGTERM (it drains), then waits for the exit code. */
  stop(): Promise<number | null>;
}

/**
 * Starts the API (`node server.js`, as `npm start` runs it) with only the given settings (and a
 * free port unless PORT is given), without waiting for it.
 */
export async function spawnApiProcess(env: Record<string, string>): Promise<ApiProcess> {
  const port = env.PORT ? Number(env.PORT) : await freePort();
  const child = spawn(process.execPath, [bundledEntryPoint('server')], {
    cwd: apiRoot,
    env: {
      PATH: process.env.PATH ?? '',
      HOST: '127.0.0.1',
      PORT: String(port),
      SEED_DEMO_DATA: 'false',
      DEMO_CHAIN: 'false',
      // Named, as DATABASE_URL without SMTP_URL requires; the simulator only where a test asks for it.
      DEMO_MAIL_CATCHER: 'true',
      PLATFORM_SIMULATOR: 'false',
      LOG_LEVEL: 'info',
      WEB_DIST_DIR: join(apiRoot, 'no-console'),
      // DATABASE_URL requires the key outside the database; tests sign in with the password alone unless they ask.
      OTP_HASH_KEY: 'test-only one-time-code key, 32+ characters long',
      REQUIRE_TWO_FACTOR: 'false',
      ...env,
    },
  });
  let output = '';
  let stderr = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => {
    output += chunk;
    stderr += chunk;
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return {
    port,
    baseUrl: `http://127.0.0.1:${port}`,
    child,
    output: () => output,
    stderr: () => stderr,
    exited,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      return exited;
    },
  };
}

/**
 * spawnApiProcess, then waits until /api/health/live answers, or until `ready` says so (a
 * cluster's primary answers nothing itself).
 */
export async function startApiProcess(
  env: Record<string, string>,
  options: { timeoutMs?: number; ready?: (process: ApiProcess) => boolean | Promise<boolean> } = {},
): Promise<ApiProcess> {
  const api = await spawnApiProcess(env);
  const ready =
    options.ready ??
    (() =>
      fetch(`${api.baseUrl}/api/health/live`).then(
        (r) => r.ok,
        () => false,
      ));
  try {
    await waitUntil(
      `the API on port ${api.port} to start`,
      async () => {
        if (api.child.exitCode !== null) throw new Error(`the API exited early (${api.child.exitCode}):\n${api.output()}`);
        return ready(api);
      },
      options.timeoutMs ?? 120_000,
      200,
    );
  } catch (error) {
    api.child.kill('SIGKILL');
    throw error;
  }
  return api;
}

export interface Answer<T = unknown> {
  status: number;
  body: T;
  headers: IncomingHttpHeaders;
}

/**
 * One JSON call on a connection of its own (no keep-alive: what is measured is the service,
 * not a client reusing a socket the server is closing): GET without a body, POST with one;
 * `cookie` signs it in; `headers` adds others.
 */
export function call<T = unknown>(
  baseUrl: string,
  path: string,
  options: { body?: object; cookie?: string; headers?: Record<string, string>; timeoutMs?: number } = {},
): Promise<Answer<T>> {
  const payload = options.body ? JSON.stringify(options.body) : undefined;
  return new Promise((resolve, reject) => {
    const request = requestFor(
      `${baseUrl}${path}`,
      {
        method: payload ? 'POST' : 'GET',
        agent: false,
        headers: {
          ...options.headers,
          ...(options.cookie ? { cookie: options.cookie } : {}),
          ...(payload ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } : {}),
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('error', reject);
        response.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let body: unknown = text;
          try {
            body = JSON.parse(text);
          } catch {
            // not JSON: kept as text
          }
          resolve({ status: response.statusCode ?? 0, body: body as T, headers: response.headers });
        });
      },
    );
    request.on('error', reject);
    request.setTimeout(options.timeoutMs ?? 30_000, () => request.destroy(new Error(`no answer from ${path} within the time-out`)));
    request.end(payload);
  });
}

/** Signs in over HTTP and answers the Cookie header value. */
export async function signIn(baseUrl: string, credentials: { email: string; password: string }): Promise<string> {
  const answer = await call(baseUrl, '/api/admin/login', { body: credentials });
  if (answer.status !== 200) throw new Error(`sign-in failed: ${answer.status} ${JSON.stringify(answer.body)}`);
  const cookie = answer.headers['set-cookie']?.[0]?.split(';')[0];
  if (!cookie) throw new Error('no session cookie');
  return cookie;
}

/**
 * A Supervisor's Cookie header value on an API process whose first admin (ADMIN_EMAIL, an
 * Administrator, who may not move stock or work the counter) is `administrator`: the Administrator
 * adds the Supervisor through the API (once), then the Supervisor signs in.
 */
export async function signInSupervisor(baseUrl: string, administrator: { email: string; password: string }): Promise<string> {
  const supervisor = { email: `supervisor.${administrator.email}`, password: administrator.password };
  const administratorCookie = await signIn(baseUrl, administrator);
  const added = await call(baseUrl, '/api/admin/add', {
    cookie: administratorCookie,
    body: { fullname: 'Test Supervisor', ...supervisor, role: 'Supervisor', reauth: { password: administrator.password } },
  });
  // 409: added by an earlier call (the e-mail is taken).
  if (added.status !== 201 && added.status !== 409) throw new Error(`supervisor not added: ${added.status} ${JSON.stringify(added.body)}`);
  return signIn(baseUrl, supervisor);
}
