import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { setFlagsFromString } from 'node:v8';
import closeWithGrace from 'close-with-grace';
import { buildApp } from './app';
import { ConfigError, loadConfig, type Config } from './config/config';
import { migrateDatabase, openDatabase } from './db/client';
import { customers } from './db/schema';
import { ensureFirstAdmin, firstAdminNotice } from './modules/admins/first-admin';
import { startMailCatcher } from './modules/mail/mail-catcher';
import { startChainServices, type ChainServices } from './modules/chain';

/** The console's build sits beside the API: apps/web/dist, from src/ (tsx) or dist/ (bundle). */
function defaultWebDistDir(): string {
  return resolve(dirname(fileURLToPath(import.meta.url)), '../../web/dist');
}

async function main() {
  // V8 lets the old space grow to about four times what survived the last full collection
  // before collecting again: a streamed CSV export of a million customers (some 60 MB live)
  // took the process from 170 to 345 MB resident with garbage alone. Half again as much keeps
  // it near 200 MB at no measurable cost in time (docs/benchmarks.md).
  setFlagsFromString('--heap-growing-percent=50');
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }

  const handle = await openDatabase(
    config.DATABASE_URL
      ? { kind: 'postgres', url: config.DATABASE_URL, poolSize: config.DATABASE_POOL_SIZE }
      : { kind: 'pglite', dataDir: config.DATA_DIR },
  );
  await migrateDatabase(handle);

  // No SMTP server configured: the demo catches the one-time-code mail in memory and shows it at /dev/mail.
  const mailCatcher = !config.SMTP_URL && config.DEMO_MAIL_CATCHER ? await startMailCatcher() : undefined;
  let chain: ChainServices | undefined;
  const app = await buildApp({
    db: handle.db,
    config: mailCatcher ? { ...config, SMTP_URL: mailCatcher.smtpUrl } : config,
    webDistDir: config.WEB_DIST_DIR ?? defaultWebDistDir(),
    mailCatcher,
    chain: () => chain,
  });
  const log = (msg: string) => app.log.info(msg);

  try {
    const firstAdmin = await ensureFirstAdmin(handle.db, config);
    const notice = firstAdminNotice(firstAdmin);
    if (notice) {
      // Printed once, straight to the terminal and never through the logger.
      process.stdout.write(notice);
    } else if (firstAdmin.kind === 'created-from-environment') {
      log(`first admin ${firstAdmin.email} created from ADMIN_EMAIL`);
    }
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      await app.close();
      await handle.close();
      process.exit(1);
    }
    throw error;
  }

  if (config.SEED_DEMO_DATA) {
    // One row is enough to know: a count would read a million-customer table at every start.
    const anyCustomer = await handle.db.select({ id: customers.id }).from(customers).limit(1);
    if (anyCustomer.length === 0) {
      // Loaded only when needed: the generator and its locale data stay out of normal start-ups.
      const { seedDemoData, defaultSeedCounts } = await import('./db/seed/seed-demo-data');
      log('empty database: loading demo data (SEED_DEMO_DATA=false turns this off)');
      // With a chain, token transactions come from its Transfer logs, never made up.
      const chainOn = Boolean(config.RPC_URL) || config.DEMO_CHAIN;
      await seedDemoData(handle.db, { ...defaultSeedCounts, transactions: chainOn ? 0 : defaultSeedCounts.transactions }, { log });
    }
  }

  if (config.RPC_URL || config.DEMO_CHAIN) {
    // After seeding: the demo chain funds the seeded wallets. A chain that will not start leaves
    // the console working, with a dash for every balance.
    try {
      chain = await startChainServices({
        db: handle.db,
        log: app.log,
        chainId: config.CHAIN_ID,
        rpcUrl: config.RPC_URL,
        tokenAddress: config.TOKEN_ADDRESS,
        deploymentBlock: config.TOKEN_DEPLOYMENT_BLOCK,
        confirmations: config.CHAIN_CONFIRMATIONS,
        demoWalletLimit: config.DEMO_CHAIN_WALLETS,
        cacheTtlMs: config.BALANCE_CACHE_SECONDS * 1000,
        timeoutMs: config.RPC_TIMEOUT_MS,
        explorer: config.EXPLORER_API_KEY
          ? { baseUrl: config.EXPLORER_API_URL, apiKey: config.EXPLORER_API_KEY, callsPerSecond: config.EXPLORER_CALLS_PER_SECOND }
          : undefined,
      });
      if (chain.demo) log(`demo chain: anvil at ${chain.demo.rpcUrl}, token ${chain.demo.tokenAddress} (DEMO_CHAIN=false turns this off)`);
    } catch (error) {
      app.log.error({ err: error }, 'chain unavailable: balances will show a dash');
    }
  }

  closeWithGrace({ delay: config.SHUTDOWN_GRACE_MS }, async ({ signal, err }) => {
    if (err) app.log.error({ err }, 'shutting down after an error');
    else app.log.info({ signal }, 'shutting down: finishing requests in flight');
    // Stops accepting connections and waits for requests in flight before the database closes.
    await app.close();
    await mailCatcher?.close();
    // The watcher writes to the database: it stops before the database closes.
    await chain?.stop();
    await handle.close();
  });

  await app.listen({ host: config.HOST, port: config.PORT });
  app.log.info(`database: ${handle.kind === 'pglite' ? `embedded PGlite in ${config.DATA_DIR}` : 'PostgreSQL'}`);
  if (mailCatcher) {
    app.log.info(
      `no SMTP_URL: one-time codes are not e-mailed but caught, see ${app.listeningOrigin}/dev/mail (DEMO_MAIL_CATCHER=false turns this off)`,
    );
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`Start-up failed: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
