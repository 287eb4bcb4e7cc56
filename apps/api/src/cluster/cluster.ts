import cluster, { type Worker } from 'node:cluster';
import closeWithGrace from 'close-with-grace';
import type { Config } from '../config/config';
import { customerWallets, seededEscrowHeld, startDemoChain, type DemoChain } from '../modules/chain';
import { openConfiguredDatabase, prepareDatabase, startUpLogger, withStartUpLock } from '../start-up';
import { startClusterDemoSigner, type SignerChild } from '../signer/signer-child';

/** The primary asks a worker to finish its requests and exit (a signal could arrive twice and cut the drain short). */
export const shutdownMessage = 'gold-back-office:shut-down';
/** A worker tells the primary it listens (Node's own 'listening' also fires for other servers, the demo mail catcher's say). */
export const readyMessage = 'gold-back-office:ready';

/** A worker that dies sooner than this after it was started is restarted after a growing pause. */
const quickDeathMs = 10_000;
const maxRestartPauseMs = 30_000;

/**
 * `WORKERS=N`: this process (the primary) does the start-up work once (migrations, the first
 * admin, the demo data, the demo chain), then runs N API processes (node:cluster) that share
 * the port; it serves no request itself. The workers share the primary's demo chain (its RPC
 * URL and token are passed to them), elect one transfer watcher among themselves
 * (cluster-leadership.ts), and each catches its own demo mail into the database. A worker that
 * dies is replaced. SIGTERM or SIGINT: every worker finishes its requests in flight, then the
 * demo chain stops. SIGHUP: the workers are replaced one at a time (a new one listens before
 * the old one drains), e.g. after a new build.
 */
export async function runCluster(config: Config): Promise<void> {
  const log = startUpLogger(config);
  const handle = await openConfiguredDatabase(config, 'maintenance');
  let demo: DemoChain | undefined;
  let signer: SignerChild | undefined;
  const workerEnv: Record<string, string> = {};
  try {
    await withStartUpLock(config, () => prepareDatabase(handle, config, log));
    if (!config.RPC_URL && config.DEMO_CHAIN) {
      try {
        demo = await startDemoChain({
          chainId: config.CHAIN_ID,
          wallets: await customerWallets(handle.db, config.DEMO_CHAIN_WALLETS),
          escrow: { address: config.SETTLEMENT_ESCROW_ADDRESS, held: await seededEscrowHeld(handle.db) },
          log,
        });
        log.info(
          `demo chain: anvil at ${demo.rpcUrl}, token ${demo.tokenAddress}, shared by the ${config.WORKERS} workers (DEMO_CHAIN=false turns this off)`,
        );
        Object.assign(workerEnv, {
          RPC_URL: demo.rpcUrl,
          TOKEN_ADDRESS: demo.tokenAddress,
          TOKEN_DEPLOYMENT_BLOCK: String(demo.deploymentBlock),
          // The workers see a configured chain: they settle with the demo's escrow and treasury.
          SETTLEMENT_ESCROW_ADDRESS: config.SETTLEMENT_ESCROW_ADDRESS ?? demo.ownerAddress,
          SETTLEMENT_TREASURY_ADDRESS: config.SETTLEMENT_TREASURY_ADDRESS ?? demo.secondAccount,
        });
        // The key is never a worker's: the demo chain's signer is the primary's child.
        signer = startClusterDemoSigner({ config, demo, log });
      } catch (error) {
        log.error({ err: error }, 'chain unavailable: balances will show a dash');
        workerEnv.DEMO_CHAIN = 'false';
      }
    }
  } finally {
    await handle.close();
  }

  let shuttingDown = false;
  let everListened = false;
  /** Workers being replaced (SIGHUP): their exit is expected. */
  const retiring = new Set<number>();
  let restartPauseMs = 0;

  const fork = (): Worker => {
    const worker = cluster.fork(workerEnv);
    const startedAt = Date.now();
    worker.on('message', (message) => {
      if (message === readyMessage) everListened = true;
    });
    worker.once('exit', (code, signal) => {
      if (shuttingDown || retiring.delete(worker.id)) return;
      if (!everListened) {
        // Not one worker ever started: a start-up error (a port in use, say) that a restart will not mend.
        log.error({ code, signal }, 'the first worker could not start: stopping');
        void stopEverything().then(() => process.exit(1));
        return;
      }
      const livedMs = Date.now() - startedAt;
      restartPauseMs = livedMs < quickDeathMs ? Math.min(Math.max(restartPauseMs * 2, 1000), maxRestartPauseMs) : 0;
      log.warn({ worker: worker.process.pid, code, signal, restartInMs: restartPauseMs }, 'a worker died: starting another');
      setTimeout(() => {
        if (!shuttingDown) fork();
      }, restartPauseMs).unref();
    });
    return worker;
  };

  const exited = (worker: Worker) =>
    new Promise<void>((resolve) => {
      if (worker.isDead()) resolve();
      else worker.once('exit', () => resolve());
    });

  const askToStop = (worker: Worker) => {
    if (!worker.isDead() && worker.isConnected()) worker.send(shutdownMessage);
  };

  let rolling = false;
  async function rollingRestart() {
    if (rolling || shuttingDown) return;
    rolling = true;
    log.info('SIGHUP: replacing the workers one at a time');
    try {
      for (const old of Object.values(cluster.workers ?? {})) {
        if (!old || old.isDead() || shuttingDown) continue;
        const replacement = fork();
        const ready = await new Promise<boolean>((resolve) => {
          replacement.on('message', (message) => message === readyMessage && resolve(true));
          replacement.once('exit', () => resolve(false));
        });
        if (!ready) {
          log.error('a replacement worker did not start: the remaining workers are kept');
          return;
        }
        retiring.add(old.id);
        askToStop(old);
        await exited(old);
      }
      log.info('every worker replaced');
    } finally {
      rolling = false;
    }
  }
  process.on('SIGHUP', () => void rollingRestart());

  async function stopEverything() {
    shuttingDown = true;
    const workers = Object.values(cluster.workers ?? {}).filter((w): w is Worker => Boolean(w));
    workers.forEach(askToStop);
    await Promise.all(workers.map(exited));
    await signer?.stop();
    await demo?.stop();
  }

  // The drain of the workers, then the demo chain; a second signal ends everything at once.
  closeWithGrace({ delay: config.SHUTDOWN_GRACE_MS + 5000, skip: ['SIGHUP'] }, async ({ signal, err }) => {
    if (err) log.error({ err }, 'primary: shutting down after an error');
    else log.info({ signal }, 'primary: asking the workers to finish their requests in flight');
    await stopEverything();
  });

  for (let i = 0; i < config.WORKERS; i++) fork();
  log.info(`primary ${process.pid}: ${config.WORKERS} API workers on ${config.HOST}:${config.PORT} (SIGHUP replaces them one at a time)`);
}
