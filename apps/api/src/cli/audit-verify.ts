import { resolve } from 'node:path';
import { openDatabase } from '../db/client';
import { verifyAuditChain } from '../modules/audit/audit-chain';

/**
 * `npm run audit:verify`: checks the audit log's hash chain in the database the API uses
 * (DATABASE_URL, else PGlite in DATA_DIR). Exit 0 with a one-line summary when intact, 1 naming
 * the first broken entry, 2 when the check could not run. It reads only; the migrations are not run.
 */
async function main(): Promise<number> {
  // Only where the database is: the API's other settings (keys, mail, chain) are not needed to read it.
  const url = process.env.DATABASE_URL;
  const handle = await openDatabase(
    url ? { kind: 'postgres', url, poolSize: 1 } : { kind: 'pglite', dataDir: resolve(process.env.DATA_DIR || './data') },
  );
  try {
    const verdict = await verifyAuditChain(handle.db);
    if (verdict.intact) {
      process.stdout.write(`audit chain intact: ${verdict.entries} entries, head link ${verdict.headPosition} hash ${verdict.headHash}\n`);
      return 0;
    }
    process.stdout.write(`audit chain BROKEN after ${verdict.entries} intact entries: ${verdict.problem}\n`);
    return 1;
  } finally {
    await handle.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    const message = error instanceof Error ? error.message : String(error);
    process.stderr.write(`Audit verification could not run: ${message}\n`);
    process.exit(2);
  },
);
