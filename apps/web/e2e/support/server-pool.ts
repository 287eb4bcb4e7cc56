import { rmSync } from 'node:fs';
import type { BrowserServer } from 'playwright-core';
import { launchBrowserServer } from './browser';
import { prepareDataDir, startServer, type RunningServer, type ServerData } from './server';

/**
 * What the browser tests of one run share, each made once, in the test runner's own process
 * (global-setup.ts): a prepared data folder per kind that files copy for a server of their own, a
 * running server per kind for the files that only read, and one Chromium.
 */
export interface ServerPool {
  /** A data folder with migrations, the e2e admin and (for 'demo') the demo data done, to start copies from. */
  preparedDataDir(data: 'empty' | 'demo'): Promise<string>;
  /** The address of the server of this kind that every file asking for it shares. */
  sharedServer(data: ServerData): Promise<string>;
  /** Where to connect to the run's Chromium. */
  browserEndpoint(): Promise<string>;
  /** Makes everything in the background, one thing at a time, so it is ready when the browser tests start. */
  warmUp(): void;
  close(): Promise<void>;
}

export function createServerPool(): ServerPool {
  const prepared = new Map<'empty' | 'demo', Promise<string>>();
  const shared = new Map<ServerData, Promise<RunningServer>>();
  let browser: Promise<BrowserServer> | undefined;

  function once<K, V>(made: Map<K, Promise<V>>, key: K, make: () => Promise<V>): Promise<V> {
    let value = made.get(key);
    if (!value) {
      value = make();
      made.set(key, value);
    }
    return value;
  }

  // Every prepared folder starts from the empty one: PGlite's initdb and the migrations are done once.
  const preparedDataDir = (data: 'empty' | 'demo'): Promise<string> =>
    once(prepared, data, async () => (data === 'empty' ? prepareDataDir('empty') : prepareDataDir(data, await preparedDataDir('empty'))));

  const sharedServer = async (data: ServerData) => {
    const server = await once(shared, data, async () =>
      // The chain's state lives in its anvil process, so its server loads the demo data (and makes the chain's history) itself.
      startServer({ data, from: await preparedDataDir(data === 'demo-chain' ? 'empty' : data) }),
    );
    return server.baseUrl;
  };

  const browserEndpoint = async () => {
    browser ??= launchBrowserServer();
    return (await browser).wsEndpoint();
  };

  return {
    preparedDataDir,
    sharedServer,
    browserEndpoint,
    warmUp() {
      // One at a time: during a whole `vitest run` this overlaps the unit and API tests, which need the cores too.
      // A failure here is reported to the first file that asks for the same thing.
      void (async () => {
        await preparedDataDir('demo');
        await sharedServer('demo');
        await sharedServer('demo-chain');
        await browserEndpoint();
      })().catch(() => {});
    },
    async close() {
      const settled = async <V>(values: Iterable<Promise<V>>) =>
        (await Promise.allSettled(values)).flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
      await Promise.all([
        ...(await settled(shared.values())).map((server) => server.stop()),
        ...(await settled(browser ? [browser] : [])).map((server) => server.close()),
      ]);
      for (const dataDir of await settled(prepared.values())) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
