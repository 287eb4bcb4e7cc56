import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { TestProject } from 'vitest/node';
import type { PoolAnswer } from './fixture';
import { createServerPool } from './server-pool';

/**
 * Runs once per `vitest run` that includes browser tests, in the runner's process. It starts the
 * shared things at once in the background (server-pool.ts) and answers the test files, which run
 * in other processes, over a small HTTP endpoint on 127.0.0.1 whose address it provides:
 *   GET /prepared/{empty|demo}          -> { dataDir }  a folder to copy for a server of the file's own
 *   GET /shared/{empty|demo|demo-chain} -> { baseUrl }  the server that the files that only read share
 *   GET /browser                        -> { wsEndpoint } the run's Chromium
 * An answer waits until the thing is ready.
 */
export async function setup(project: TestProject) {
  const pool = createServerPool();
  pool.warmUp();

  const answer = async (path: string): Promise<PoolAnswer> => {
    const [kind, data] = path.split('/').filter(Boolean);
    if (kind === 'prepared' && (data === 'empty' || data === 'demo')) return { dataDir: await pool.preparedDataDir(data) };
    if (kind === 'shared' && (data === 'empty' || data === 'demo' || data === 'demo-chain'))
      return { baseUrl: await pool.sharedServer(data) };
    if (kind === 'browser' && data === undefined) return { wsEndpoint: await pool.browserEndpoint() };
    throw new Error(`no such thing in the browser tests' pool: ${path}`);
  };
  const endpoint = createServer((request, response) => {
    answer(request.url ?? '/').then(
      (body) => response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body)),
      (error: unknown) =>
        response.writeHead(500, { 'content-type': 'text/plain' }).end(error instanceof Error ? error.message : String(error)),
    );
  });
  // Seeding the demo data may take minutes on a busy machine: no time limit on a request.
  endpoint.requestTimeout = 0;
  await new Promise<void>((resolve) => endpoint.listen(0, '127.0.0.1', resolve));
  project.provide('e2ePool', `http://127.0.0.1:${(endpoint.address() as AddressInfo).port}`);

  return async () => {
    endpoint.close();
    await pool.close();
  };
}
