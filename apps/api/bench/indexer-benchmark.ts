import { spawn } from 'node:child_process';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { createPublicClient, createWalletClient, http, type Abi, type Address, type Hex } from 'viem';
import testTokenArtifact from '../contracts/artifacts/TestToken.json';
import { migrateDatabase, openDatabase } from '../src/db/client';
import { spawnAnvil } from '../src/modules/chain/anvil-process';
import { chainDefinition, multicall3Address, multicall3RuntimeCode, transferEvent } from '../src/modules/chain/chain-definition';
import { writeSection } from './docs-section';

const abi = testTokenArtifact.abi as Abi;
/** Mints per transaction (one block each): about 2,000 x 7k gas. */
const logsPerTx = 2000;
/** Blocks per eth_getLogs: 4,000 logs per answer (providers cap at 10,000; smaller answers keep the peak RSS down). */
const blockRange = 2;
const childScript = join(import.meta.dirname, 'indexer-child.ts');

interface ChildRun {
  ms: number;
  maxRssKb: number;
}

/** Runs the indexer process; with killAtBlock, SIGKILLs it once it has stored past that block. */
function runIndexer(input: object, killAtBlock?: number): Promise<ChildRun | 'killed'> {
  // The heap setting the API process runs with (server.ts): the figure is what a deployment gets.
  const child = spawn(process.execPath, ['--heap-growing-percent=50', '--import', 'tsx', childScript, JSON.stringify(input)], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    let buffer = '';
    child.stdout.on('data', (chunk: Buffer) => {
      buffer += chunk.toString();
      const lines = buffer.split('\n');
      buffer = lines.pop()!;
      for (const line of lines) {
        const stored = /^stored (\d+)$/.exec(line);
        if (stored && killAtBlock !== undefined && Number(stored[1]) > killAtBlock && child.exitCode === null) child.kill('SIGKILL');
        if (line.startsWith('done ')) resolve(JSON.parse(line.slice(5)) as ChildRun);
      }
    });
    child.once('exit', (code, signal) => {
      if (signal === 'SIGKILL') resolve('killed');
      else if (code !== 0) reject(new Error(`the indexer process failed (exit ${code})`));
    });
  });
}

/**
 * `npm run bench -- --indexer [--logs N]`: N Transfer logs (default 1,000,000) minted on a local
 * anvil, then (1) the ceiling: raw eth_getLogs over the same ranges, no database; (2) the transfer
 * watcher from the deployment block into an empty PostgreSQL database, in a process of its own
 * (peak RSS); (3) again on a fresh database, SIGKILLed at 50% and restarted: no gap, no duplicate.
 */
export async function runIndexerBench(serverUrl: string, logs: number): Promise<void> {
  const anvil = await spawnAnvil({ chainId: 137, extraArgs: ['--gas-limit', '100000000', '--order', 'fifo'] });
  const databases: string[] = [];
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    const client = createPublicClient({ transport: http(anvil.rpcUrl, { timeout: 120_000 }), cacheTime: 0 });
    await client.request({ method: 'anvil_setCode' as never, params: [multicall3Address, multicall3RuntimeCode] as never });
    const [owner] = (await client.request({ method: 'eth_accounts' as never })) as Address[];
    const wallet = createWalletClient({
      chain: chainDefinition(137, anvil.rpcUrl),
      transport: http(anvil.rpcUrl, { timeout: 120_000 }),
      account: owner!,
    });
    const deployed = await client.waitForTransactionReceipt({
      hash: await wallet.deployContract({ abi, bytecode: testTokenArtifact.bytecode as Hex, args: ['Bench', 'BENCH', 18, owner] }),
    });
    const token = deployed.contractAddress!;
    const generateStart = performance.now();
    const holder = '0x00000000000000000000000000000000000b0b01' as Address;
    // Explicit nonces: no nonce lookup per transaction (a million logs are made in about a minute).
    let nonce = await client.getTransactionCount({ address: owner!, blockTag: 'pending' });
    for (let made = 0; made < logs; made += logsPerTx) {
      const count = Math.min(logsPerTx, logs - made);
      const hash = await wallet.writeContract({
        address: token,
        abi,
        functionName: 'mintMany',
        args: [holder, 1n, BigInt(count)],
        gas: 30_000_000n,
        nonce: nonce++,
      });
      if (made % (logsPerTx * 50) === 0 || made + count >= logs) await client.waitForTransactionReceipt({ hash, timeout: 600_000 });
    }
    const generateMs = performance.now() - generateStart;
    const head = Number(await client.getBlockNumber());
    const from = Number(deployed.blockNumber);
    process.stdout.write(`indexer bench: ${logs} logs in blocks ${from}-${head}, made in ${(generateMs / 1000).toFixed(0)} s\n`);

    // The ceiling: the watcher's own ranges (up to the block before the head, which it reads by hash), no database.
    const ceilingStart = performance.now();
    let ceilingLogs = 0;
    for (let start = from; start <= head; start += blockRange) {
      const end = Math.min(head, start + blockRange - 1);
      ceilingLogs += (
        await client.getLogs({ address: token, event: transferEvent, fromBlock: BigInt(start), toBlock: BigInt(end), strict: true })
      ).length;
    }
    const ceilingMs = performance.now() - ceilingStart;
    if (ceilingLogs !== logs) throw new Error(`the chain holds ${ceilingLogs} logs, not ${logs}`);

    const freshDatabase = async () => {
      const name = `gold_indexer_bench_${Date.now()}_${databases.length}`;
      await admin.query(`create database "${name}"`);
      databases.push(name);
      const url = new URL(serverUrl);
      url.pathname = `/${name}`;
      const handle = await openDatabase({ kind: 'postgres', url: url.toString() });
      await migrateDatabase(handle);
      await handle.close();
      return url.toString();
    };
    const input = (databaseUrl: string) => ({
      rpcUrl: anvil.rpcUrl,
      tokenAddress: token,
      deploymentBlock: String(from),
      databaseUrl,
      blockRange,
    });

    const full = await runIndexer(input(await freshDatabase()));
    if (full === 'killed') throw new Error('the indexer was killed');

    const killedUrl = await freshDatabase();
    const half = from + Math.floor((head - from) / 2);
    const killed = await runIndexer(input(killedUrl), half);
    const resumed = await runIndexer(input(killedUrl));
    const check = new pg.Client({ connectionString: killedUrl });
    await check.connect();
    const { rows } = await check.query<{ n: number; distinct_logs: number; blocks: number }>(
      'select count(*)::int as n, count(distinct (txhash, log_index))::int as distinct_logs, count(distinct block_number)::int as blocks from token_transactions',
    );
    await check.end();
    const row = rows[0]!;
    const resumeOk =
      killed === 'killed' &&
      resumed !== 'killed' &&
      row.n === logs &&
      row.distinct_logs === logs &&
      row.blocks === Math.ceil(logs / logsPerTx);

    const rate = (logs / full.ms) * 1000;
    const ceilingRate = (logs / ceilingMs) * 1000;
    const ratio = rate / ceilingRate;
    const rssMb = full.maxRssKb / 1024;
    const text = [
      '## Indexer: catching up over Transfer logs',
      '',
      `Measured ${new Date().toISOString().slice(0, 10)} by \`npm run bench -- --indexer --logs ${logs}\` (apps/api/bench/indexer-benchmark.ts) on ${cpus().length} cores (load average ${loadavg()[0]!.toFixed(1)} at the end).`,
      `${logs.toLocaleString('en')} Transfer logs of an OpenZeppelin ERC20 (TestToken.mintMany, ${logsPerTx.toLocaleString('en')} per block, ${(head - from + 1).toLocaleString('en')} blocks) on a local anvil,`,
      `made in ${(generateMs / 1000).toFixed(0)} s. The transfer watcher runs in a process of its own from the deployment block into an empty PostgreSQL database,`,
      `${blockRange} blocks (${(blockRange * logsPerTx).toLocaleString('en')} logs) per eth_getLogs, every block final at once (as on the demo chain; ranges are read only below the finalized block).`,
      'The ceiling: the same eth_getLogs ranges read and decoded one after another, no database. Targets: at least 50% of the ceiling, peak RSS under 300 MB.',
      '',
      '| run | logs/s | total | peak RSS |',
      '|---|---|---|---|',
      `| ceiling: raw eth_getLogs, no database | ${Math.round(ceilingRate).toLocaleString('en')} | ${(ceilingMs / 1000).toFixed(1)} s | - |`,
      `| indexer (watcher into PostgreSQL) | ${Math.round(rate).toLocaleString('en')} | ${(full.ms / 1000).toFixed(1)} s | ${rssMb.toFixed(0)} MB |`,
      '',
      `Indexer / ceiling: ${(ratio * 100).toFixed(0)}% (target 50%: ${ratio >= 0.5 ? 'met' : 'missed'}); peak RSS ${rssMb.toFixed(0)} MB (target 300 MB: ${rssMb < 300 ? 'met' : 'missed'}).`,
      `SIGKILL after block ${half} (50% of the blocks), then restarted on the same database: ${row.n.toLocaleString('en')} rows, ${row.distinct_logs.toLocaleString('en')} distinct logs in ${row.blocks} blocks: ${resumeOk ? 'no gap, no duplicate' : 'FAILED'}.`,
      '',
    ].join('\n');
    writeSection(text);
    process.stdout.write(`${text}\n`);
    if (!resumeOk) process.exitCode = 1;
  } finally {
    for (const name of databases) await admin.query(`drop database if exists "${name}" with (force)`);
    await admin.end();
    await anvil.stop();
  }
}
