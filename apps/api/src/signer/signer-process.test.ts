import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Keystore } from 'ox';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { loadConfig } from '../config/config';
import { startApi, type StartedApi } from '../start-up';
import { waitUntil } from '../test/api-processes';
import { createTestDatabase, migratedDataDir, postgresReachable, type TestDatabase } from '../test/test-databases';
import { anvilDevKey } from './signer-key';
import { outboxRow, outboxRows, queueTransactions, startSignerTestChain, type SignerTestChain } from './signer-test-chain';

/**
 * The signer as a process: `signer.js` (src/cli/signer.ts as build.mjs bundles it) on PostgreSQL,
 * killed between signing and broadcasting, and two of them at once; and as the API's child on
 * PGlite, its store reached through the IPC bridge.
 */
const postgresUp = await postgresReachable();

let t: SignerTestChain;
beforeAll(async () => {
  t = await startSignerTestChain();
});
afterAll(async () => {
  await t?.chain.stop();
});

interface SignerProcess {
  child: ChildProcessWithoutNullStreams;
  output(): string;
  exited: Promise<number | null>;
}

const running: SignerProcess[] = [];
afterEach(async () => {
  for (const signer of running.splice(0)) {
    if (signer.child.exitCode === null && signer.child.signalCode === null) signer.child.kill('SIGTERM');
    await signer.exited;
  }
});

function spawnSigner(env: Record<string, string>): SignerProcess {
  const child = spawn(process.execPath, [join(inject('apiBundles'), 'signer.js')], {
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'test',
      LOG_LEVEL: 'info',
      RPC_URL: t.chain.rpcUrl,
      TOKEN_ADDRESS: t.chain.tokenAddress,
      CHAIN_ID: String(t.chain.chainId),
      // The demo chain's rule: a mined block is final (anvil mines each transaction at once here).
      SIGNER_FINALIZED_TAG: 'false',
      CHAIN_CONFIRMATIONS: '0',
      SIGNER_ANVIL_DEV_KEY: 'true',
      SIGNER_POLL_MS: '50',
      ...env,
    },
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const signer = { child, output: () => output, exited };
  running.push(signer);
  return signer;
}

describe.skipIf(!postgresUp)('signer processes on PostgreSQL', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase('postgres');
  });
  afterAll(async () => {
    await database?.destroy();
  });

  it('killed after storing the signed bytes and before broadcasting, then restarted: the same transaction, one burn on chain', async () => {
    const head = await t.client.getBlockNumber();
    const nonce = await t.nonceOf(t.signer, 'pending');
    const [id] = await queueTransactions(database.db, [{ kind: 'burn', toAddress: t.signer, amount: '2.25' }]);
    const first = spawnSigner({ DATABASE_URL: database.url!, SIGNER_FAULT: 'pause-after-sign' });
    await waitUntil('the burn signed', async () => (await outboxRow(database.db, id!)).state === 'signed');
    await waitUntil('the pause', () => first.output().includes('paused after storing the signed bytes'));
    const signed = await outboxRow(database.db, id!);
    first.child.kill('SIGKILL');
    await first.exited;
    // Nothing left the process: the node never saw it.
    expect(await t.rpc('txpool_status')).toMatchObject({ pending: '0x0' });
    expect(await t.client.getTransactionReceipt({ hash: signed.txHash as `0x${string}` }).catch(() => null)).toBeNull();
    expect(await t.nonceOf(t.signer, 'pending')).toBe(nonce);

    const second = spawnSigner({ DATABASE_URL: database.url! });
    await waitUntil('the burn final', async () => (await outboxRow(database.db, id!)).state === 'final');
    const final = await outboxRow(database.db, id!);
    expect(final).toMatchObject({ nonce: signed.nonce, signedTx: signed.signedTx, txHash: signed.txHash, sentHashes: [signed.txHash] });
    const burns = await t.burnLogs(t.signer, head + 1n);
    expect(burns).toEqual([{ hash: signed.txHash, amount: 2_250_000_000_000_000_000n, block: BigInt(final.minedBlock!) }]);
    expect(await t.nonceOf(t.signer)).toBe(nonce + 1);
    expect(second.output()).not.toContain('SIGNER_ANVIL_DEV_KEY');
  });

  it('two signer processes: one leads and signs, nonces consecutive, no duplicate', async () => {
    const head = await t.client.getBlockNumber();
    const nonce = await t.nonceOf(t.signer, 'pending');
    const signers = [spawnSigner({ DATABASE_URL: database.url! }), spawnSigner({ DATABASE_URL: database.url! })];
    await waitUntil('both started', () => signers.every((s) => /"msg":"signer 0x[0-9a-fA-F]{40} started"/.test(s.output())));
    await waitUntil('one leads', () => signers.some((s) => s.output().includes('signer: leading')));
    const amounts = Array.from({ length: 12 }, (_, i) => `${i + 1}.5`);
    const ids = await queueTransactions(
      database.db,
      amounts.map((amount) => ({ kind: 'burn' as const, toAddress: t.signer, amount })),
    );
    await waitUntil('all final', async () => (await outboxRows(database.db, ids)).every((r) => r.state === 'final'), 90_000);
    const rows = await outboxRows(database.db, ids);
    expect(rows.map((r) => r.nonce)).toEqual(amounts.map((_, i) => nonce + i));
    const burns = await t.burnLogs(t.signer, head + 1n);
    expect(burns.map((b) => b.hash).sort()).toEqual(rows.map((r) => r.txHash).sort());
    expect(await t.nonceOf(t.signer)).toBe(nonce + amounts.length);
    expect(signers.filter((s) => s.output().includes('signer: leading'))).toHaveLength(1);
    expect(signers.filter((s) => s.output().includes('signed (nonce'))).toHaveLength(1);
  }, 120_000);
});

describe("the signer as the API's child on PGlite", () => {
  let api: StartedApi | undefined;
  let dataDir: string;
  const secrets = mkdtempSync(join(tmpdir(), 'signer-secrets-'));
  const saved = { keystore: process.env.SIGNER_KEYSTORE, passwordFile: process.env.SIGNER_KEYSTORE_PASSWORD_FILE };
  afterAll(async () => {
    await api?.stop();
    if (saved.keystore === undefined) delete process.env.SIGNER_KEYSTORE;
    else process.env.SIGNER_KEYSTORE = saved.keystore;
    if (saved.passwordFile === undefined) delete process.env.SIGNER_KEYSTORE_PASSWORD_FILE;
    else process.env.SIGNER_KEYSTORE_PASSWORD_FILE = saved.passwordFile;
    rmSync(secrets, { recursive: true, force: true });
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('signs and broadcasts a queued burn through the IPC bridge, its key from a keystore only the child opens', async () => {
    const [key, options] = Keystore.scrypt({ password: 'child password', n: 1024 });
    writeFileSync(join(secrets, 'signer.json'), JSON.stringify(Keystore.encrypt(anvilDevKey, key, options)));
    writeFileSync(join(secrets, 'password'), 'child password\n', { mode: 0o600 });
    chmodSync(join(secrets, 'password'), 0o600);
    process.env.SIGNER_KEYSTORE = join(secrets, 'signer.json');
    process.env.SIGNER_KEYSTORE_PASSWORD_FILE = join(secrets, 'password');
    dataDir = await migratedDataDir();
    api = await startApi(
      loadConfig({
        NODE_ENV: 'test',
        LOG_LEVEL: 'warn',
        DATA_DIR: dataDir,
        RPC_URL: t.chain.rpcUrl,
        TOKEN_ADDRESS: t.chain.tokenAddress,
        TOKEN_DEPLOYMENT_BLOCK: String(t.chain.deploymentBlock),
        CHAIN_CONFIRMATIONS: '0',
        SEED_DEMO_DATA: 'false',
        DEMO_MAIL_CATCHER: 'false',
        PLATFORM_SIMULATOR: 'false',
      }),
    );
    const head = await t.client.getBlockNumber();
    const [id] = await queueTransactions(api.handle.db, [{ kind: 'burn', toAddress: t.signer, amount: '3' }]);
    await waitUntil('the burn sent', async () => (await outboxRow(api!.handle.db, id!)).state === 'sent', 90_000);
    await waitUntil('the burn mined', async () => (await outboxRow(api!.handle.db, id!)).minedBlock !== null);
    // anvil's finalized block is 64 below its head.
    await t.rpc('anvil_mine', ['0x41']);
    await waitUntil('the burn final', async () => (await outboxRow(api!.handle.db, id!)).state === 'final');
    const row = await outboxRow(api.handle.db, id!);
    expect(await t.burnLogs(t.signer, head + 1n)).toEqual([
      { hash: row.txHash, amount: 3_000_000_000_000_000_000n, block: BigInt(row.minedBlock!) },
    ]);
  }, 120_000);
});
