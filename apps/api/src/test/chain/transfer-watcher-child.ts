// Run by transfer-watcher-kill.test.ts as a separate Node process (bundled by test/global-setup.ts):
// runs the transfer watcher on the database given as JSON in argv[2] and prints each stored range
// as one line ("stored <next block>"), until it is killed (SIGKILL, mid-range).
import { openDatabase, type DatabaseTarget } from '../../db/client';
import { createChainReader } from '../../modules/chain/chain-reader';
import { startTransferWatcher } from '../../modules/chain/transfer-watcher';

const input = JSON.parse(process.argv[2]!) as { rpcUrl: string; tokenAddress: string; deploymentBlock: string; database: DatabaseTarget };
const handle = await openDatabase(input.database);
const quiet = () => {};
startTransferWatcher({
  db: handle.db,
  reader: createChainReader({ rpcUrl: input.rpcUrl, tokenAddress: input.tokenAddress, timeoutMs: 5000 }),
  deploymentBlock: BigInt(input.deploymentBlock),
  finality: { tag: false, confirmations: 0 },
  blockRange: 3,
  tipBatch: 1,
  pollIntervalMs: 20,
  log: {
    info: (fields: { nextBlock?: number }) => {
      if (fields.nextBlock !== undefined) process.stdout.write(`stored ${fields.nextBlock}\n`);
    },
    warn: quiet,
    error: quiet,
  },
});
process.stdout.write('started\n');
