// Run by indexer-benchmark.ts as a process of its own: the transfer watcher on the benchmark's
// database until every block up to the head is stored, so its peak RSS is the indexer's alone.
// Prints "stored <next block>" per stored range and, at the end, "done <json>".
import { openDatabase } from '../src/db/client';
import { createChainReader } from '../src/modules/chain/chain-reader';
import { startTransferWatcher } from '../src/modules/chain/transfer-watcher';

const input = JSON.parse(process.argv[2]!) as {
  rpcUrl: string;
  tokenAddress: string;
  deploymentBlock: string;
  databaseUrl: string;
  blockRange: number;
};
const handle = await openDatabase({ kind: 'postgres', url: input.databaseUrl });
const reader = createChainReader({ rpcUrl: input.rpcUrl, tokenAddress: input.tokenAddress, timeoutMs: 60_000 });
const head = await reader.client.getBlockNumber();
const started = performance.now();
const watcher = startTransferWatcher({
  db: handle.db,
  reader,
  deploymentBlock: BigInt(input.deploymentBlock),
  finality: { tag: false, confirmations: 0 },
  blockRange: input.blockRange,
  tipBatch: 1,
  pollIntervalMs: 50,
  log: {
    info: (fields: { nextBlock?: number }) => {
      if (fields.nextBlock !== undefined) process.stdout.write(`stored ${fields.nextBlock}\n`);
    },
    warn: (fields: object, message?: string) => process.stderr.write(`${message} ${JSON.stringify(fields)}\n`),
    error: (fields: object, message?: string) => process.stderr.write(`${message} ${JSON.stringify(fields)}\n`),
  },
});
await watcher.waitForBlock(head);
const ms = performance.now() - started;
await watcher.stop();
await handle.close();
process.stdout.write(`done ${JSON.stringify({ ms, maxRssKb: process.resourceUsage().maxRSS })}\n`);
