import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, inject } from 'vitest';
import { connectBrowser, openPage, type WatchedPage } from './browser';
import { startServer, type RunningServer, type ServerData } from './server';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The address of global-setup.ts's endpoint, which hands out the run's shared servers and browser. */
    e2ePool: string;
  }
}

/** What global-setup.ts's endpoint answers. */
export type PoolAnswer = { dataDir: string } | { baseUrl: string } | { wsEndpoint: string };

export interface ConsoleOptions {
  /** What the database holds when the file starts: the e2e admin only, the demo data, or the demo data and chain. */
  data: ServerData;
  /**
   * 'shared': the run's one server of this kind, for a file that only reads (what it writes, such as
   * its sign-ins, no other file looks at). 'own': a server for this file alone, on a fresh copy of a
   * prepared database, for a file that changes data another file could see (approves a redemption,
   * adds an admin, turns on two-factor sign-in, fails a sign-in).
   */
  server: 'shared' | 'own';
  /**
   * An own server only: writes to its copy of the prepared database before the server starts (rows
   * as another process would have written them, e.g. the token backend's), given the folder.
   */
  prepare?: (dataDir: string) => Promise<void>;
}

export interface ConsoleFixture {
  /** The server's origin, e.g. http://127.0.0.1:41234. */
  readonly baseUrl: string;
  /** This file's connection to the run's Chromium. */
  readonly browser: Browser;
  /** A page in a fresh context (no cookies) that records foreign requests and page errors (browser.ts). */
  openPage(viewport?: { width: number; height: number }): Promise<WatchedPage>;
  /** An own server's output so far (its log lines: where its demo chain listens...); '' for a shared one. */
  serverOutput(): string;
}

/** Asks global-setup.ts's endpoint for one of the run's shared things, waiting until it is ready. */
async function fromPool<T extends PoolAnswer>(path: string): Promise<T> {
  const response = await fetch(`${inject('e2ePool')}${path}`);
  if (!response.ok) throw new Error(`the browser tests' pool could not make ${path}: ${await response.text()}`);
  return (await response.json()) as T;
}

/**
 * The one set-up of every browser-test file: the built console and the real API process on the
 * database the file asks for, and a connection to the run's Chromium. Call it at the top of the
 * file; its fields are ready inside tests and hooks (the file's own beforeAll runs after it).
 */
export function useConsole({ data, server, prepare }: ConsoleOptions): ConsoleFixture {
  let ownServer: RunningServer | undefined;
  let baseUrl: string | undefined;
  let browser: Browser | undefined;
  let preparedCopy: string | undefined;

  // Starting a server with the demo chain on a busy machine may take minutes.
  beforeAll(async () => {
    await Promise.all([
      (async () => {
        if (server === 'shared') {
          baseUrl = (await fromPool<{ baseUrl: string }>(`/shared/${data}`)).baseUrl;
          return;
        }
        // The chain's state lives in its anvil process, not in a data folder: that server loads the demo data itself, on a migrated folder.
        let from = (await fromPool<{ dataDir: string }>(`/prepared/${data === 'demo-chain' ? 'empty' : data}`)).dataDir;
        if (prepare) {
          const copy = mkdtempSync(join(tmpdir(), 'gold-e2e-prepared-'));
          cpSync(from, copy, { recursive: true });
          await prepare(copy);
          from = copy;
          preparedCopy = copy;
        }
        ownServer = await startServer({ data, from });
        baseUrl = ownServer.baseUrl;
      })(),
      (async () => {
        browser = await connectBrowser((await fromPool<{ wsEndpoint: string }>('/browser')).wsEndpoint);
      })(),
    ]);
  }, 300_000);

  afterAll(async () => {
    await browser?.close();
    await ownServer?.stop();
    if (preparedCopy) rmSync(preparedCopy, { recursive: true, force: true });
  });

  const ready = <T>(value: T | undefined, name: string): T => {
    if (value === undefined) throw new Error(`the console's ${name} is not ready: use it inside a test or hook`);
    return value;
  };
  return {
    get baseUrl() {
      return ready(baseUrl, 'server');
    },
    get browser() {
      return ready(browser, 'browser');
    },
    openPage: (viewport) => openPage(ready(browser, 'browser'), ready(baseUrl, 'server'), viewport),
    serverOutput: () => ownServer?.output() ?? '',
  };
}
