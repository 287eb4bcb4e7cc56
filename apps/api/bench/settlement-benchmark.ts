import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { numberToHex } from 'viem';
import {
  anvilToken,
  call,
  escrow,
  newWallet,
  registerVerifiedCustomer,
  requestRedemption,
  checkIdentityDocument,
  sendAndCheckCode,
  statusOf,
  waitUntil,
} from '../harness/settlement-cycle';
import { migrateDatabase, openDatabase, selectRows, type Database } from '../src/db/client';
import { createSystemCredential } from '../src/modules/credentials/credentials.repository';
import { startDemoChain, type DemoChain } from '../src/modules/chain';
import { startBenchApi, type BenchApi } from './api-process';
import { writeSection } from './docs-section';
import { percentile } from './http-timing';

/** Polygon PoS makes a block about every 2 s; the demo chain mines on demand, so the benchmark sets the pace. */
const blockSeconds = 2;

interface Round {
  depth: number;
  handOvers: number;
  /** Approve answered 200 to the burn final (the signer's final_at), per hand-over, ms. */
  ms: number[];
  /** The head block when the approval answered to the block at which its burn was final (mined + depth). */
  blocks: number[];
  /** Burns in each block that held one. */
  burnsPerBlock: number[];
  /** Approvals answered 503 (the stock row's turn outwaited the pool) and sent again. */
  retried: number;
  wallMs: number;
}

/** The signer as its own process (`npm run signer`), final at `depth` blocks under the head; answered once it leads. */
async function startSigner(databaseUrl: string, chain: DemoChain, depth: number): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', join(import.meta.dirname, '../src/cli/signer.ts')], {
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'production',
      LOG_LEVEL: 'info',
      DATABASE_URL: databaseUrl,
      RPC_URL: chain.rpcUrl,
      TOKEN_ADDRESS: chain.tokenAddress,
      SIGNER_ANVIL_DEV_KEY: 'true',
      SIGNER_FINALIZED_TAG: 'false',
      CHAIN_CONFIRMATIONS: String(depth),
      // As the demo's signer child polls.
      SIGNER_POLL_MS: '250',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  // Its start (tsx compiling it) is not what is measured: the approvals wait until it leads.
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  await waitUntil(
    'the signer to lead',
    () => {
      if (child.exitCode !== null) throw new Error(`the signer exited:\n${output}`);
      return output.includes('leadership taken');
    },
    120_000,
    50,
  );
  child.stdout!.removeAllListeners('data');
  child.stdout!.resume();
  return child;
}

async function stopProcess(child: ChildProcess) {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

/**
 * One round: `count` redemptions requested, escrowed and final (mined on demand, fast), their
 * codes checked; then blocks every `blockSeconds`, a signer final at `depth`, and every approval
 * sent at once. Measured from each approval's answer to its burn's finality.
 */
async function round(db: Database, api: BenchApi, chain: DemoChain, databaseUrl: string, depth: number, count: number): Promise<Round> {
  const token = anvilToken(chain.rpcUrl, chain.tokenAddress, chain.ownerAddress);
  const { secret } = await createSystemCredential(db, `settlement bench ${randomBytes(3).toString('hex')}`, [
    'customers',
    'kyc',
    'redemptions',
  ]);
  const added = await call(api.baseUrl, '/api/admin/physicalgold/add', { body: { denom: 1, amount: count }, cookie: api.cookie });
  if (added.status >= 300) throw new Error(`pieces not added: ${added.status}`);
  const redemptions = [];
  for (let i = 0; i < count; i += 10) {
    redemptions.push(
      ...(await Promise.all(
        Array.from({ length: Math.min(10, count - i) }, async () => {
          const wallet = newWallet();
          const customerId = await registerVerifiedCustomer(api.baseUrl, secret, wallet);
          return { wallet, ...(await requestRedemption(api.baseUrl, secret, customerId, 1, '0.05')) };
        }),
      )),
    );
  }
  for (const r of redemptions) await token.mint(r.wallet, r.escrowAmount);
  for (let i = 0; i < count; i += 10)
    await Promise.all(redemptions.slice(i, i + 10).map((r) => escrow(token, r.wallet, chain.ownerAddress, r.escrowAmount)));
  // The API reads escrows final at anvil's finalized tag, 64 blocks under the head.
  await token.mine(65);
  const ids = redemptions.map((r) => r.id);
  await waitUntil(
    'every escrow final',
    async () =>
      (
        await selectRows<{ n: number }>(
          db,
          sql`select count(*)::int as n from redemptions where status = 'PREPARATION' and id in ${sql.raw(`(${ids.join(',')})`)}`,
        )
      )[0]!.n === count,
    180_000,
    250,
  );
  const atCounter = async (id: number) => {
    await sendAndCheckCode(api.baseUrl, api.cookie, id);
    await checkIdentityDocument(api.baseUrl, api.cookie, id);
  };
  for (let i = 0; i < count; i += 10) await Promise.all(ids.slice(i, i + 10).map(atCounter));

  // From here the signer leads and blocks come at a steady pace, as on a real network.
  const signer = await startSigner(databaseUrl, chain, depth);
  await token.rpc('evm_setAutomine', [false]);
  await token.rpc('evm_setIntervalMining', [blockSeconds]);
  try {
    const approved = new Map<number, { at: number; block: number }>();
    let retried = 0;
    const started = Date.now();
    await Promise.all(
      ids.map(async (id) => {
        for (let attempt = 0; ; attempt++) {
          const answer = await call(api.baseUrl, '/api/admin/redeem/approve', { body: { id }, cookie: api.cookie });
          if (answer.status === 200) break;
          // A 503 may come after the commit (the answer's read found no connection): the retry is refused, the hand-over done.
          if (answer.status === 409 && attempt > 0 && (await statusOf(api.baseUrl, api.cookie, id)) === 'REDEEMED') break;
          if (answer.status !== 503) throw new Error(`approve ${id}: ${answer.status} ${JSON.stringify(answer.body)}`);
          retried++;
          await new Promise((resolve) => setTimeout(resolve, 1000));
        }
        approved.set(id, { at: Date.now(), block: Number(await token.client.getBlockNumber()) });
      }),
    );
    const burns = () =>
      selectRows<{ redemptionId: number; minedBlock: number; finalAt: string | null }>(
        db,
        sql`select redemption_id as "redemptionId", mined_block::int as "minedBlock", final_at as "finalAt"
              from chain_transactions where kind = 'burn' and state = 'final' and redemption_id in ${sql.raw(`(${ids.join(',')})`)}`,
      );
    await waitUntil(
      'every burn final',
      async () => {
        if (signer.exitCode !== null) throw new Error('the signer exited');
        return (await burns()).length === count;
      },
      600_000,
      250,
    );
    const wallMs = Date.now() - started;
    const rows = await burns();
    const ms = rows.map((r) => new Date(r.finalAt!).getTime() - approved.get(r.redemptionId)!.at).sort((a, b) => a - b);
    const blocks = rows.map((r) => r.minedBlock + depth - approved.get(r.redemptionId)!.block).sort((a, b) => a - b);
    const perBlock = new Map<number, number>();
    for (const r of rows) perBlock.set(r.minedBlock, (perBlock.get(r.minedBlock) ?? 0) + 1);
    return { depth, handOvers: count, ms, blocks, burnsPerBlock: [...perBlock.values()], retried, wallMs };
  } finally {
    await stopProcess(signer);
    await token.rpc('evm_setIntervalMining', [0]);
    await token.rpc('evm_setAutomine', [true]);
    await token.rpc('anvil_mine', [numberToHex(1)]);
  }
}

/** Burns final later than the finality depth plus 3 blocks after their approval. */
const over = (r: Round) => r.blocks.filter((blocks) => blocks > r.depth + 3).length;

function section(rounds: Round[]): { text: string; ok: boolean } {
  const ok = rounds.every((r) => over(r) === 0);
  const rows = rounds.map((r) => {
    const seconds = (v: number) => (v / 1000).toFixed(1);
    const mean = r.burnsPerBlock.reduce((a, b) => a + b, 0) / r.burnsPerBlock.length;
    return (
      `| ${r.depth} | ${r.handOvers} | ${seconds(percentile(r.ms, 50))} / ${seconds(percentile(r.ms, 95))} / ${seconds(r.ms.at(-1)!)} s | ` +
      `${percentile(r.blocks, 50)} / ${percentile(r.blocks, 95)} / ${r.blocks.at(-1)} | ${mean.toFixed(1)} / ${Math.max(...r.burnsPerBlock)} (${r.burnsPerBlock.length} blocks) | ` +
      `${r.retried} | ${seconds(r.wallMs)} s | ${over(r) === 0 ? 'met' : `**missed** by ${over(r)} of ${r.handOvers}`} (≤ ${r.depth + 3}) |`
    );
  });
  const text = [
    '## Settlement: approve to a final burn (`npm run bench -- --settlement`)',
    '',
    `${rounds[0]!.handOvers} hand-overs approved at once on the demo chain (anvil) by one API process (its sources through tsx) on a`,
    `scratch PostgreSQL database, signed by one signer process (\`npm run signer\`, the anvil dev key, polling every 250 ms). The`,
    `redemptions were requested through the platform API, escrowed and final, and their codes checked first; then, the signer`,
    `leading, anvil mined a block every ${blockSeconds} s (Polygon's pace) and every approval was sent at once. Time: from the approval's answer to the`,
    `signer marking the burn final; blocks: from the head at the approval's answer to the block at which the burn is final`,
    '(its block plus the finality depth). Target: every burn final within the finality depth plus 3 blocks of its approval.',
    `Machine: ${cpus().length} cores shared with other work (load average ${loadavg()[0]!.toFixed(1)} at the end), ${new Date().toISOString().slice(0, 10)}.`,
    '',
    '| finality depth (blocks) | hand-overs | approve → final burn p50 / p95 / max | blocks p50 / p95 / max | burns per block mean / max | approvals retried after 503 | all final after | target |',
    '| ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |',
    ...rows,
    '',
    'Depth 0 is the demo chain as `npm start` runs it (every mined block final); 16 stands for Polygon milestones. The signer',
    'pipelines nonces: a poll signs every queued row, burns and fee moves alike, and broadcasts them without waiting for the one',
    'before, so they land in the next block or two. Approvals of one denomination take their stock row in turn, so 100 at',
    "once queue for the API's connections: the run gives the API a 30 s acquire time-out (default 5 s) so that queue is not",
    'what is measured; an approval still answered 503 is sent again (counted above).',
    '',
  ].join('\n');
  return { text, ok };
}

/** `npm run bench -- --settlement [--handovers 100]`: rounds at finality depth 0 (the demo) and 16. */
export async function runSettlementBench(serverUrl: string, handOvers: number): Promise<void> {
  const name = `gold_bench_settlement_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const databaseUrl = url.toString();
  const chain = await startDemoChain({ wallets: [] });
  try {
    const handle = await openDatabase({ kind: 'postgres', url: databaseUrl, poolSize: 2 });
    try {
      await migrateDatabase(handle);
      const api = await startBenchApi(databaseUrl, {
        RPC_URL: chain.rpcUrl,
        TOKEN_ADDRESS: chain.tokenAddress,
        TOKEN_DEPLOYMENT_BLOCK: String(chain.deploymentBlock),
        SETTLEMENT_ESCROW_ADDRESS: chain.ownerAddress,
        SETTLEMENT_TREASURY_ADDRESS: chain.secondAccount,
        SETTLEMENT_INTERVAL_MS: '250',
        // Approvals of one denomination take its stock row in turn: 100 at once wait longer than the
        // default 5 s for a connection on a loaded machine. Measured here is the signer, not that queue.
        DATABASE_ACQUIRE_TIMEOUT_MS: '30000',
      });
      try {
        const rounds: Round[] = [];
        for (const depth of [0, 16]) {
          rounds.push(await round(handle.db, api, chain, databaseUrl, depth, handOvers));
          process.stdout.write(`settlement bench: depth ${depth} done\n`);
        }
        const { text, ok } = section(rounds);
        process.stdout.write(`${text}\n`);
        writeSection(text);
        if (!ok) process.exitCode = 1;
      } finally {
        await api.stop();
      }
    } finally {
      await handle.close();
    }
  } finally {
    await chain.stop();
    await admin.query(`drop database if exists "${name}" with (force)`);
    await admin.end();
  }
}
