import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { Config } from '../config/config';
import type { DatabaseHandle } from '../db/client';
import type { ChainServices, DemoChain } from '../modules/chain';
import { serveSignerStore, signerStopMessage } from './signer-ipc';
import { databaseSignerStore, type SignerStore } from './signer-store';

interface ChildLogger {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

export interface SignerChild {
  /** Asks the child to stop (it ends its step) and waits for it; call before the database closes. */
  stop(): Promise<void>;
}

interface SignerChildSettings {
  store: 'ipc' | 'database';
  databaseUrl?: string;
  rpcUrl: string;
  tokenAddress: string;
  chainId: number;
  logLevel: string;
  nodeEnv: string;
  /** The demo chain: anvil's dev key, every mined block final (as the transfer watcher reads the demo). */
  demo: boolean;
  confirmations: number;
}

/**
 * The child's whole environment: what it needs and nothing else of the API's. Secrets are never
 * passed on: the demo signs with anvil's public dev key; a real chain on PGlite passes the
 * keystore's path and its password file's path, which only the child opens.
 */
export function signerChildEnv(parentEnv: NodeJS.ProcessEnv, settings: SignerChildSettings): Record<string, string> {
  const env: Record<string, string> = {
    NODE_ENV: settings.nodeEnv,
    LOG_LEVEL: settings.logLevel,
    SIGNER_STORE: settings.store,
    RPC_URL: settings.rpcUrl,
    TOKEN_ADDRESS: settings.tokenAddress,
    CHAIN_ID: String(settings.chainId),
    CHAIN_CONFIRMATIONS: String(settings.demo ? 0 : settings.confirmations),
  };
  if (parentEnv.PATH) env.PATH = parentEnv.PATH;
  if (settings.databaseUrl) env.DATABASE_URL = settings.databaseUrl;
  if (settings.demo) {
    env.SIGNER_ANVIL_DEV_KEY = 'true';
    env.SIGNER_FINALIZED_TAG = 'false';
    env.SIGNER_POLL_MS = '250';
  } else {
    for (const name of ['SIGNER_KEYSTORE', 'SIGNER_KEYSTORE_PASSWORD_FILE'] as const) if (parentEnv[name]) env[name] = parentEnv[name];
  }
  // Tuning, never a key.
  for (const name of ['SIGNER_POLL_MS', 'SIGNER_STUCK_AFTER_MS', 'SIGNER_FAULT'] as const) if (parentEnv[name]) env[name] = parentEnv[name];
  return env;
}

/** The signer's entry: src/cli/signer.ts through tsx, or dist/signer.js beside the bundled server. */
function signerEntry(): { path: string; execArgv: string[] } {
  const here = import.meta.url;
  if (here.endsWith('.ts')) return { path: fileURLToPath(new URL('../cli/signer.ts', here)), execArgv: ['--import', 'tsx'] };
  return { path: fileURLToPath(new URL('./signer.js', here)), execArgv: [] };
}

/**
 * The signer as the API's child process, when the API alone can start it: on the demo chain
 * (its anvil is the API's), and on the embedded database (PGlite: one process per data folder;
 * the child's store calls come through the IPC bridge and run on the API's database). On
 * PostgreSQL with a real chain the signer is run on its own (`npm run signer`): undefined.
 */
export function startSignerChild(input: {
  config: Config;
  handle: DatabaseHandle;
  chain: ChainServices;
  log: ChildLogger;
  parentEnv?: NodeJS.ProcessEnv;
}): SignerChild | undefined {
  const { config, handle, chain, log } = input;
  const parentEnv = input.parentEnv ?? process.env;
  const demo = chain.demo !== null;
  const onPglite = handle.kind === 'pglite';
  if (!demo && !(onPglite && parentEnv.SIGNER_KEYSTORE)) return undefined;
  const env = signerChildEnv(parentEnv, {
    store: onPglite ? 'ipc' : 'database',
    databaseUrl: onPglite ? undefined : config.DATABASE_URL,
    rpcUrl: chain.demo?.rpcUrl ?? config.RPC_URL!,
    tokenAddress: chain.demo?.tokenAddress ?? config.TOKEN_ADDRESS!,
    chainId: chain.demo?.chainId ?? config.CHAIN_ID,
    logLevel: config.LOG_LEVEL,
    nodeEnv: config.NODE_ENV,
    demo,
    confirmations: config.CHAIN_CONFIRMATIONS,
  });
  return forkSigner(env, onPglite ? databaseSignerStore(handle.db) : undefined, log);
}

/**
 * The demo chain's signer when the cluster's primary runs the chain (WORKERS > 1, PostgreSQL):
 * the workers' chain is a configured one to them, so the primary starts it; it connects to the
 * database itself and leads by its advisory lock.
 */
export function startClusterDemoSigner(input: {
  config: Config;
  demo: Pick<DemoChain, 'rpcUrl' | 'tokenAddress' | 'chainId'>;
  log: ChildLogger;
}): SignerChild {
  const { config, demo } = input;
  const env = signerChildEnv(process.env, {
    store: 'database',
    databaseUrl: config.DATABASE_URL,
    rpcUrl: demo.rpcUrl,
    tokenAddress: demo.tokenAddress,
    chainId: demo.chainId,
    logLevel: config.LOG_LEVEL,
    nodeEnv: config.NODE_ENV,
    demo: true,
    confirmations: config.CHAIN_CONFIRMATIONS,
  });
  return forkSigner(env, undefined, input.log);
}

/** Forks the signer with `env` alone; `store` answers its IPC calls (PGlite). A child that dies is started again after a pause. */
function forkSigner(env: Record<string, string>, store: SignerStore | undefined, log: ChildLogger): SignerChild {
  const entry = signerEntry();
  let child: ChildProcess | undefined;
  let exited: Promise<void> = Promise.resolve();
  let stopping = false;
  let restartTimer: NodeJS.Timeout | undefined;

  const start = () => {
    const started = fork(entry.path, [], { env, execArgv: entry.execArgv, serialization: 'advanced', stdio: 'inherit' });
    child = started;
    if (store) serveSignerStore(started, store, log);
    exited = new Promise<void>((resolve) =>
      started.once('exit', (code, signal) => {
        resolve();
        if (stopping) return;
        log.error({ code, signal }, 'signer child exited: starting it again in 5 s');
        restartTimer = setTimeout(start, 5000);
      }),
    );
    log.info({ pid: started.pid, store: env.SIGNER_STORE }, 'signer started as a child process');
  };
  start();

  return {
    async stop() {
      stopping = true;
      clearTimeout(restartTimer);
      const running = child;
      if (!running || running.exitCode !== null || running.signalCode !== null) return;
      if (running.connected) running.send(signerStopMessage);
      else running.kill('SIGTERM');
      const timer = setTimeout(() => running.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    },
  };
}
