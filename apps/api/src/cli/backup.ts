import { statSync } from 'node:fs';
import { resolve } from 'node:path';
import { backupDataDir, restoreDataDir } from '../db/backup';

/**
 * `npm run backup -- <file>` and `npm run restore -- <file>`: the embedded database (PGlite in
 * DATA_DIR, default ./data) to a file while the service runs (it writes the copy itself), and a
 * file back into an empty DATA_DIR. PostgreSQL (DATABASE_URL) is backed up with its own tools
 * (docs/deployment.md).
 */
const usage = `usage: npm run backup -- <file.tar.gz>    (DATA_DIR: the data folder, default ./data)
       npm run restore -- <file.tar.gz>   (into an empty DATA_DIR)
`;

async function main() {
  const [command, file, ...rest] = process.argv.slice(2);
  if ((command !== 'backup' && command !== 'restore') || !file || rest.length > 0 || file.startsWith('-')) {
    process.stderr.write(usage);
    process.exit(2);
  }
  if (process.env.DATABASE_URL) {
    process.stderr.write('DATABASE_URL is set: back up PostgreSQL with pg_dump or its point-in-time recovery (docs/deployment.md)\n');
    process.exit(2);
  }
  const dataDir = resolve(process.env.DATA_DIR || './data');
  const startedAt = Date.now();
  if (command === 'backup') {
    const how = await backupDataDir(dataDir, file);
    process.stdout.write(
      `backup of ${dataDir} written ${how} to ${resolve(file)}: ${statSync(file).size} bytes in ${Date.now() - startedAt} ms\n`,
    );
  } else {
    await restoreDataDir(file, dataDir);
    process.stdout.write(`${resolve(file)} restored into ${dataDir} in ${Date.now() - startedAt} ms\n`);
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
