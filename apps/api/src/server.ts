import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import closeWithGrace from 'close-with-grace';
import { buildApp } from './app';
import { ConfigError, loadConfig, type Config } from './config/config';
import { migrateDatabase, openDatabase } from './db/client';
import { customers } from './db/schema';
import { ensureFirstAdmin, firstAdminNotice } from './modules/admins/first-admin';

/** The console's build sits beside the API: apps/web/dist, from src/ (tsx) or dist/ (bundle). */
function defaultWebDistDir(): string {
  return resolve(dirname(fileURLToPath(import.meta.url)), '../../web/dist');
}

async function main() {
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

  const app = await buildApp({ db: handle.db, config, webDistDir: config.WEB_DIST_DIR ?? defaultWebDistDir() });
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
      await seedDemoData(handle.db, defaultSeedCounts, { log });
    }
  }

  closeWithGrace({ delay: config.SHUTDOWN_GRACE_MS }, async ({ signal, err }) => {
    if (err) app.log.error({ err }, 'shutting down after an error');
    else app.log.info({ signal }, 'shutting down: finishing requests in flight');
    // Stops accepting connections and waits for requests in flight before the database closes.
    await app.close();
    await handle.close();
  });

  await app.listen({ host: config.HOST, port: config.PORT });
  app.log.info(`database: ${handle.kind === 'pglite' ? `embedded PGlite in ${config.DATA_DIR}` : 'PostgreSQL'}`);
}

main().catch((error: unknown) => {
  process.stderr.write(`Start-up failed: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
