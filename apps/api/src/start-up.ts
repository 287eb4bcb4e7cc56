import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { pino, type Logger } from 'pino';
import { buildApp } from './app';
import { postgresLeadership, soleLeadership, type Leadership } from './cluster/leadership';
import type { Config } from './config/config';
import { migrateDatabase, openDatabase, type DatabaseHandle } from './db/client';
import { serveBackupRequests } from './db/backup';
import { customers } from './db/schema';
import { loggerOptions } from './lib/logging';
import { startChainServices, type ChainServices } from './modules/chain';
import { demoAccountsNotice, ensureDemoAccounts } from './modules/identity/admins/demo-accounts';
import { ensureFirstAdmin, firstAdminNotice } from './modules/identity/admins/first-admin';
import { databaseMailStore } from './modules/mail/caught-mail.repository';
import { startMailCatcher, type CaughtMailSource, type MailCatcher } from './modules/mail/mail-catcher';
import { startPlatformSimulator } from './modules/platform/simulator';
import { reserveSnapshotsOnTransfers } from './modules/reserves/reserves.service';
import { startSettlementStep } from './modules/settlement/settlement-step';
import { startWebhookSender } from './modules/webhooks/webhook-sender';
import { startSignerChild, type SignerChild } from './signer/signer-child';

/**
 * Everything between the configuration and `listen`: the database, migrations, the first
 * admin, the demo data, the demo mail catcher, the app and the chain. server.ts only listens
 * and closes; tests call these functions directly.
 */

/** The console's build sits beside the API: apps/web/dist, from src/ (tsx) or dist/ (bundle). */
function defaultWebDistDir(): string {
  return resolve(dirname(fileURLToPath(import.meta.url)), '../../web/dist');
}

/** The logger for start-up lines written before (or without) an app: same level and redactions as the app's. */
export function startUpLogger(config: Pick<Config, 'LOG_LEVEL'>): Logger {
  return pino(loggerOptions(config.LOG_LEVEL));
}

/**
 * PostgreSQL at DATABASE_URL, else the embedded PGlite in DATA_DIR (one process per folder).
 * Requests' connections get the statement, idle-transaction and acquire time-outs; the start-up
 * work (migrations that build indexes, the demo data) runs on a maintenance pool without them.
 */
export function openConfiguredDatabase(config: Config, use: 'requests' | 'maintenance' = 'requests'): Promise<DatabaseHandle> {
  return openDatabase(
    config.DATABASE_URL
      ? {
          kind: 'postgres',
          url: config.DATABASE_URL,
          poolSize: use === 'requests' ? config.DATABASE_POOL_SIZE : 2,
          limits:
            use === 'requests'
              ? {
                  statementTimeoutMs: config.DATABASE_STATEMENT_TIMEOUT_MS,
                  idleInTransactionTimeoutMs: config.DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS,
                  acquireTimeoutMs: config.DATABASE_ACQUIRE_TIMEOUT_MS,
                }
              : undefined,
        }
      : { kind: 'pglite', dataDir: config.DATA_DIR },
  );
}

/** Runs start-up work on the maintenance pool (PostgreSQL), or on PGlite's one connection. */
async function onMaintenanceConnection(config: Config, handle: DatabaseHandle, work: (maintenance: DatabaseHandle) => Promise<void>) {
  if (handle.kind === 'pglite') return work(handle);
  const maintenance = await openConfiguredDatabase(config, 'maintenance');
  try {
    await work(maintenance);
  } finally {
    await maintenance.close();
  }
}

/**
 * The work done once before any request is served: migrations, the first admin (a generated
 * password printed once, straight to the terminal and never through the logger) and, on an
 * empty database, the demo data. A wrong ADMIN_PASSWORD throws a ConfigError.
 */
export async function prepareDatabase(handle: DatabaseHandle, config: Config, log: Pick<Logger, 'info'>): Promise<void> {
  await migrateDatabase(handle);
  const firstAdmin = await ensureFirstAdmin(handle.db, config);
  const notice = firstAdminNotice(firstAdmin);
  if (notice) process.stdout.write(notice);
  else if (firstAdmin.kind === 'created-from-environment') log.info(`first admin ${firstAdmin.email} created from ADMIN_EMAIL`);

  if (config.SEED_DEMO_DATA) {
    // One row is enough to know: a count would read a million-customer table at every start.
    const anyCustomer = await handle.db.select({ id: customers.id }).from(customers).limit(1);
    if (anyCustomer.length === 0) {
      // Loaded only when needed: the generator and its locale data stay out of normal start-ups.
      const { seedDemoData, defaultSeedCounts } = await import('./db/seed/seed-demo-data');
      log.info('empty database: loading demo data (SEED_DEMO_DATA=false turns this off)');
      // With a chain, token transactions come from its Transfer logs, never made up.
      const chainOn = Boolean(config.RPC_URL) || config.DEMO_CHAIN;
      await seedDemoData(
        handle.db,
        { ...defaultSeedCounts, transactions: chainOn ? 0 : defaultSeedCounts.transactions },
        { log: (message) => log.info(message) },
      );
      // One account per role, printed like the first admin's password.
      const demoNotice = demoAccountsNotice(await ensureDemoAccounts(handle.db));
      if (demoNotice) process.stdout.write(demoNotice);
    }
  }
}

/**
 * Runs the start-up work under a PostgreSQL advisory lock (on a connection of its own) when
 * several processes may start at once on one database (separate hosts, or containers):
 * migrations, the first admin and the demo data are then done by the first, and the others
 * find them done. PGlite allows one process: nothing to wait for.
 */
export async function withStartUpLock<T>(config: Pick<Config, 'DATABASE_URL'>, work: () => Promise<T>): Promise<T> {
  if (!config.DATABASE_URL) return work();
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: config.DATABASE_URL, application_name: 'gold-back-office start-up' });
  await client.connect();
  try {
    await client.query(`select pg_advisory_lock(hashtextextended('gold-back-office:start-up', 0))`);
    return await work();
  } finally {
    // Ending the session releases the lock.
    await client.end();
  }
}

export interface StartApiOptions {
  /**
   * The start-up work was done by the cluster's primary (cluster.ts): a worker only migrates,
   * and uses the primary's demo chain (its RPC_URL and token are in the worker's environment).
   */
  prepared?: boolean;
}

export interface StartedApi {
  app: FastifyInstance;
  handle: DatabaseHandle;
  /** Which process leads among those on the database (runs the transfer watcher); this one alone on PGlite. */
  leadership: Leadership;
  /** Call after `app.close()` (requests in flight done): stops the chain and the mail catcher, then closes the database. */
  stop(): Promise<void>;
}

/**
 * One API process ready to listen: the database opened and prepared, the demo mail catcher
 * when there is no SMTP_URL, the app, and the chain services (started after the demo data:
 * the demo chain funds the seeded wallets). A chain that will not start leaves the console
 * working, with a dash for every balance.
 */
export async function startApi(config: Config, options: StartApiOptions = {}): Promise<StartedApi> {
  const handle = await openConfiguredDatabase(config);
  let mailCatcher: MailCatcher | undefined;
  let app: FastifyInstance | undefined;
  let chain: ChainServices | undefined;
  let leadership: Leadership | undefined;
  let stopServingBackups: (() => void) | undefined;
  let signer: SignerChild | undefined;
  const stop = async () => {
    stopServingBackups?.();
    // The signer child's store calls run on this database: it stops first.
    await signer?.stop();
    await mailCatcher?.close();
    // The watcher writes to the database: it stops (with the lead) before the database closes.
    await leadership?.close();
    await chain?.stop();
    await handle.close();
  };
  try {
    const log = startUpLogger(config);
    // A worker still migrates (a no-op unless a rolling restart brought a newer build): its code may need the new tables.
    await onMaintenanceConnection(config, handle, (maintenance) =>
      options.prepared
        ? withStartUpLock(config, () => migrateDatabase(maintenance))
        : withStartUpLock(config, () => prepareDatabase(maintenance, config, log)),
    );

    // No SMTP server configured: the demo catches the one-time-code mail and shows it at /dev/mail.
    // Kept in the database, so /dev/mail on any API process shows the mail every process sent.
    let caughtMail: CaughtMailSource | undefined;
    if (!config.SMTP_URL && config.DEMO_MAIL_CATCHER) {
      const store = databaseMailStore(handle.db);
      mailCatcher = await startMailCatcher({ store: (mail) => store.add(mail) });
      caughtMail = store;
    }
    app = await buildApp({
      db: handle.db,
      config: mailCatcher ? { ...config, SMTP_URL: mailCatcher.smtpUrl } : config,
      webDistDir: config.WEB_DIST_DIR ?? defaultWebDistDir(),
      mailCatcher: caughtMail,
      chain: () => chain,
    });
    const appLog = app.log;
    // `npm run backup` asks this process for a copy of its data folder (one process per PGlite folder).
    if (handle.kind === 'pglite') stopServingBackups = serveBackupRequests(config.DATA_DIR, handle, appLog);
    leadership = config.DATABASE_URL ? postgresLeadership({ databaseUrl: config.DATABASE_URL, log: appLog }) : soleLeadership(appLog);
    // The webhook outbox is sent by one process among those on the database.
    leadership.whileLeading('webhook sender', () => startWebhookSender({ db: handle.db, log: appLog }));

    if (config.RPC_URL || config.DEMO_CHAIN) {
      try {
        chain = await startChainServices({
          db: handle.db,
          log: appLog,
          chainId: config.CHAIN_ID,
          rpcUrl: config.RPC_URL,
          tokenAddress: config.TOKEN_ADDRESS,
          deploymentBlock: config.TOKEN_DEPLOYMENT_BLOCK,
          leadership,
          confirmations: config.CHAIN_CONFIRMATIONS,
          maxReorgDepth: config.CHAIN_MAX_REORG_DEPTH,
          stallAfterMs: config.CHAIN_STALL_SECONDS * 1000,
          demoWalletLimit: config.DEMO_CHAIN_WALLETS,
          settlement: { escrowAddress: config.SETTLEMENT_ESCROW_ADDRESS, treasuryAddress: config.SETTLEMENT_TREASURY_ADDRESS },
          cacheTtlMs: config.BALANCE_CACHE_SECONDS * 1000,
          timeoutMs: config.RPC_TIMEOUT_MS,
          // Once the watcher has read a mint or burn, the reserves snapshot the supply at that block.
          onRangeStored: reserveSnapshotsOnTransfers(handle.db, appLog),
          explorer: config.EXPLORER_API_KEY
            ? { baseUrl: config.EXPLORER_API_URL, apiKey: config.EXPLORER_API_KEY, callsPerSecond: config.EXPLORER_CALLS_PER_SECOND }
            : undefined,
        });
        if (chain.demo) {
          appLog.info(`demo chain: anvil at ${chain.demo.rpcUrl}, token ${chain.demo.tokenAddress} (DEMO_CHAIN=false turns this off)`);
        }
      } catch (error) {
        appLog.error({ err: error }, 'chain unavailable: balances will show a dash');
      }
      // The key is never this process's: the demo chain's (and PGlite's) signer is a child process.
      if (chain) signer = startSignerChild({ config, handle, chain, log: appLog });
    }
    // Escrow deposits move redemptions and refunds only from indexed transfers: the step runs where the chain does, on the leader.
    const settlement = chain?.settlementAddresses ?? undefined;
    if (settlement) {
      leadership.whileLeading('settlement step', () =>
        startSettlementStep({ db: handle.db, settlement, intervalMs: config.SETTLEMENT_INTERVAL_MS, log: appLog }),
      );
    }

    const listening = app;
    const leading = leadership;
    listening.addHook('onListen', async () => {
      if (config.PLATFORM_SIMULATOR) {
        leading.whileLeading('platform simulator', () =>
          startPlatformSimulator({
            db: handle.db,
            baseUrl: listening.listeningOrigin,
            intervalMs: config.PLATFORM_SIMULATOR_INTERVAL_MS,
            log: appLog,
            // On the demo chain the simulated customers escrow what they redeem.
            escrow: () =>
              chain?.demo && chain.settlementAddresses ? { chain: chain.demo, address: chain.settlementAddresses.escrow } : null,
          }),
        );
      }
      appLog.info(`database: ${handle.kind === 'pglite' ? `embedded PGlite in ${config.DATA_DIR}` : 'PostgreSQL'}`);
      if (mailCatcher) {
        appLog.info(
          `no SMTP_URL: one-time codes are not e-mailed but caught, see ${listening.listeningOrigin}/dev/mail (DEMO_MAIL_CATCHER=false turns this off)`,
        );
      }
    });
    return { app, handle, leadership, stop };
  } catch (error) {
    await app?.close();
    await stop();
    throw error;
  }
}
