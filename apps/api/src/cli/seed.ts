import { count } from 'drizzle-orm';
import { ConfigError, loadConfig } from '../config/config';
import { ensureFirstAdmin, firstAdminNotice } from '../modules/identity/admins/first-admin';
import { migrateDatabase, openDatabase } from '../db/client';
import { customers } from '../db/schema';
import { parseSeedArgs, seedUsage, type SeedArgs } from './seed-args';
import { clearDemoData, seedDemoData } from '../db/seed/seed-demo-data';

async function main() {
  let args: SeedArgs;
  try {
    args = parseSeedArgs(process.argv.slice(2));
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n\n${seedUsage}`);
    process.exit(2);
  }
  if (args.help) {
    process.stdout.write(seedUsage);
    return;
  }
  // Seeding sends no mail and reads no chain: SMTP_URL and the chain are not asked for.
  const config = loadConfig(process.env, { requireDeploymentSettings: false });
  const handle = await openDatabase(
    config.DATABASE_URL ? { kind: 'postgres', url: config.DATABASE_URL, poolSize: 2 } : { kind: 'pglite', dataDir: config.DATA_DIR },
  );
  try {
    await migrateDatabase(handle);
    const [existing] = await handle.db.select({ n: count() }).from(customers);
    if (existing!.n > 0) {
      if (!args.reset) {
        throw new Error(`the database already has ${existing!.n} customers; add --reset to replace the demo data`);
      }
      await clearDemoData(handle.db);
    }
    // Someone must be able to sign in to what was seeded (the demo admins cannot).
    const notice = firstAdminNotice(await ensureFirstAdmin(handle.db, config));
    if (notice) process.stdout.write(notice);
    const where = handle.kind === 'pglite' ? `PGlite in ${config.DATA_DIR}` : 'PostgreSQL';
    process.stdout.write(`Seeding ${where}...\n`);
    await seedDemoData(handle.db, args.counts, { seed: args.seed, asOf: args.asOf, log: (m) => process.stdout.write(`  ${m}\n`) });
  } finally {
    await handle.close();
  }
}

main().catch((error: unknown) => {
  const message = error instanceof ConfigError || error instanceof Error ? error.message : String(error);
  process.stderr.write(`Seeding failed: ${message}\n`);
  process.exit(1);
});
