import { sql } from 'drizzle-orm';
import { parseEther, parseTransaction, type Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { selectRows } from '../db/client';
import { integrationCredentials, webhookSubscriptions } from '../db/schema';
import { waitUntil } from '../test/api-processes';
import { createTestDatabase, type TestDatabase } from '../test/test-databases';
import { bumpFee, startOutbox, type Outbox, type OutboxOptions } from './outbox';
import { anvilDevKey } from './signer-key';
import { databaseSignerStore, type SignerStore } from './signer-store';
import { outboxRow, outboxRows, queueTransactions, startSignerTestChain, tokenBalance, type SignerTestChain } from './signer-test-chain';

/**
 * The outbox against anvil (not mining unless told: evm_setAutomine false) and a real database.
 * anvil answers the `finalized` tag 64 blocks below its head: a test mines 65 blocks to make a
 * transaction final.
 */
let t: SignerTestChain;
let database: TestDatabase;
let outbox: Outbox | undefined;
/** The store calls made, in order (the real store does the work). */
let calls: Array<{ method: string; args: unknown[] }>;

beforeAll(async () => {
  t = await startSignerTestChain();
  database = await createTestDatabase('pglite');
  // A platform subscribed to the settlement's webhooks: its deliveries show what each change announced.
  const [credential] = await database.db
    .insert(integrationCredentials)
    .values({ name: 'platform', scopes: ['webhooks'], secretHash: 'signer-test', tokenPrefix: 'gbo_test' })
    .returning({ id: integrationCredentials.id });
  await database.db.insert(webhookSubscriptions).values({
    credentialId: credential!.id,
    url: 'https://platform.example/hooks',
    events: ['settlement.burn_sent', 'settlement.burn_final', 'settlement.refund_sent', 'settlement.refund_final'],
    secret: 'whsec_dGVzdA==',
  });
});
afterAll(async () => {
  await database?.destroy();
  await t?.chain.stop();
});
afterEach(async () => {
  await outbox?.stop();
  outbox = undefined;
  await t.rpc('evm_setAutomine', [true]);
});

/** The real store, its calls noted for the test to read. */
function observedStore(): SignerStore {
  const store = databaseSignerStore(database.db);
  calls = [];
  return new Proxy(store, {
    get(target, key: keyof SignerStore) {
      const method = target[key] as (...args: unknown[]) => Promise<unknown>;
      return (...args: unknown[]) => {
        calls.push({ method: key, args });
        return method(...args);
      };
    },
  });
}

function start(overrides: Partial<OutboxOptions> = {}) {
  outbox = startOutbox({
    store: observedStore(),
    client: t.client,
    account: privateKeyToAccount(anvilDevKey),
    chainId: t.chain.chainId,
    tokenAddress: t.chain.tokenAddress,
    finality: { tag: true, confirmations: 0 },
    stuckAfterMs: 3_600_000,
    pollMs: 50,
    log: { info() {}, warn() {}, error() {} },
    ...overrides,
  });
}

const mineToFinal = () => t.rpc('anvil_mine', ['0x41']);

describe('the signer outbox', () => {
  it('signs and broadcasts queued burns with consecutive nonces before any is mined, then follows them to final', async () => {
    await t.rpc('evm_setAutomine', [false]);
    const head = await t.client.getBlockNumber();
    const firstNonce = await t.nonceOf(t.signer, 'pending');
    const amounts = ['1', '2.5', '0.000000000000000001', '3', '4', '5', '6.25', '7'];
    const ids = await queueTransactions(
      database.db,
      amounts.map((amount) => ({ kind: 'burn' as const, toAddress: t.signer, amount })),
    );
    start();

    await waitUntil('all burns sent', async () => (await outboxRows(database.db, ids)).every((r) => r.state === 'sent'));
    // Pipelined: every one is in the node's pool, none mined, none waited for another.
    expect(await t.client.getBlockNumber()).toBe(head);
    expect(await t.rpc('txpool_status')).toMatchObject({ pending: `0x${amounts.length.toString(16)}` });
    const sent = await outboxRows(database.db, ids);
    expect(sent.map((r) => r.nonce)).toEqual(amounts.map((_, i) => firstNonce + i));
    expect(sent.every((r) => r.minedBlock === null && r.sentHashes.length === 1 && r.sentHashes[0] === r.txHash)).toBe(true);

    await mineToFinal();
    await waitUntil('all burns final', async () => (await outboxRows(database.db, ids)).every((r) => r.state === 'final'));
    const final = await outboxRows(database.db, ids);
    // On chain: one burn per row, each row's own hash and amount, no nonce skipped or used twice.
    const logs = await t.burnLogs(t.signer, head + 1n);
    expect(logs.map((l) => l.hash).sort()).toEqual(final.map((r) => r.txHash).sort());
    expect(final.map((r) => logs.find((l) => l.hash === r.txHash)!.amount)).toEqual(amounts.map((a) => parseEther(a)));
    expect(await t.nonceOf(t.signer)).toBe(firstNonce + amounts.length);
    expect(final.every((r) => r.minedHash === r.txHash && r.minedBlock === Number(head) + 1 && r.finalAt !== null)).toBe(true);

    // Each change announced: signed, sent, mined, final, per row.
    const [events] = await selectRows<{ count: number }>(
      database.db,
      sql`select count(*)::int as count from admin_events where type = 'settlement.changed'`,
    );
    expect(events!.count).toBeGreaterThanOrEqual(amounts.length * 4);
    // And the platform is told each burn was sent, then final, with the row, its hash and amount.
    const deliveries = await selectRows<{
      type: string;
      data: { transactionId: number; txHash: string; amount: string; redemptionId: null };
    }>(database.db, sql`select event_type as type, payload->'data' as data from webhook_deliveries order by created_at, id`);
    for (const row of final) {
      const mine = deliveries.filter((d) => d.data.transactionId === row.id);
      expect(mine.map((d) => d.type)).toEqual(['settlement.burn_sent', 'settlement.burn_final']);
      expect(mine.every((d) => d.data.txHash === row.txHash && Number(d.data.amount) === Number(row.amount))).toBe(true);
    }
  });

  it('replaces a stuck transaction under the same nonce with fees raised 12.5 %, and only one of its hashes is mined', async () => {
    await t.rpc('evm_setAutomine', [false]);
    const head = await t.client.getBlockNumber();
    const [id] = await queueTransactions(database.db, [{ kind: 'burn', toAddress: t.signer, amount: '10' }]);
    start({ stuckAfterMs: 300 });

    await waitUntil('two replacements', async () => (await outboxRow(database.db, id!)).sentHashes.length >= 3);
    const signed = calls.find((c) => c.method === 'storeSigned')!.args[1] as {
      nonce: number;
      maxFeePerGas: string;
      maxPriorityFeePerGas: string;
    };
    const replacements = calls
      .filter((c) => c.method === 'storeReplacement')
      .map((c) => c.args[1] as { signedTx: Hex; maxFeePerGas: string; maxPriorityFeePerGas: string });
    let previous: { maxFeePerGas: string; maxPriorityFeePerGas: string } = signed;
    for (const replacement of replacements.slice(0, 2)) {
      expect(BigInt(replacement.maxFeePerGas)).toBeGreaterThanOrEqual(bumpFee(BigInt(previous.maxFeePerGas)));
      expect(BigInt(replacement.maxPriorityFeePerGas)).toBeGreaterThanOrEqual(bumpFee(BigInt(previous.maxPriorityFeePerGas)));
      expect(parseTransaction(replacement.signedTx).nonce).toBe(signed.nonce);
      previous = replacement;
    }

    await mineToFinal();
    await waitUntil('the burn final', async () => (await outboxRow(database.db, id!)).state === 'final');
    const row = await outboxRow(database.db, id!);
    const receipts = await Promise.all(
      row.sentHashes.map((hash) => t.client.getTransactionReceipt({ hash: hash as Hex }).catch(() => null)),
    );
    expect(receipts.filter(Boolean)).toHaveLength(1);
    expect(receipts.find(Boolean)!.transactionHash).toBe(row.minedHash);
    expect((await t.burnLogs(t.signer, head + 1n)).map((l) => l.hash)).toEqual([row.minedHash]);
    expect(row.nonce).toBe(signed.nonce);
  });

  it('never replaces above the fee cap: a stuck transaction then waits, saying why', async () => {
    await t.rpc('evm_setAutomine', [false]);
    const { maxFeePerGas } = await t.client.estimateFeesPerGas();
    const [id] = await queueTransactions(database.db, [{ kind: 'burn', toAddress: t.signer, amount: '1' }]);
    // The node's fee fits; one raised by 12.5 % does not.
    start({ stuckAfterMs: 200, maxFeePerGas: (maxFeePerGas * 105n) / 100n });
    await waitUntil('the cap noted', async () => /SIGNER_MAX_FEE_GWEI/.test((await outboxRow(database.db, id!)).lastError ?? ''));
    const row = await outboxRow(database.db, id!);
    expect(row).toMatchObject({ state: 'sent', sentHashes: [row.txHash], maxFeePerGas: maxFeePerGas.toString() });
    expect(calls.filter((c) => c.method === 'storeReplacement')).toEqual([]);
    await mineToFinal();
    await waitUntil('final', async () => (await outboxRow(database.db, id!)).state === 'final');
  });

  it('a burn that reverts at final depth is failed with its reason; the one before it is final', async () => {
    await t.rpc('evm_setAutomine', [false]);
    // Each alone fits the balance, both together do not: both pass their estimate, the second reverts in the block.
    const balance = await tokenBalance(t, t.signer);
    const part = ((balance * 6n) / 10n / 10n ** 18n).toString();
    const ids = await queueTransactions(database.db, [
      { kind: 'burn', toAddress: t.signer, amount: part },
      { kind: 'burn', toAddress: t.signer, amount: part },
    ]);
    start();
    await waitUntil('both sent', async () => (await outboxRows(database.db, ids)).every((r) => r.state === 'sent'));
    await t.rpc('anvil_mine', ['0x1']);
    await waitUntil('both mined', async () => (await outboxRows(database.db, ids)).every((r) => r.minedBlock !== null));
    // Mined but not final: a revert is not a failure yet.
    expect((await outboxRows(database.db, ids)).map((r) => r.state)).toEqual(['sent', 'sent']);

    await mineToFinal();
    await waitUntil('both settled', async () =>
      (await outboxRows(database.db, ids)).every((r) => r.state === 'final' || r.state === 'failed'),
    );
    const [first, second] = await outboxRows(database.db, ids);
    expect(first!.state).toBe('final');
    expect(second!.state).toBe('failed');
    expect(second!.lastError).toMatch(/^reverted in block \d+: ERC20InsufficientBalance\(/);
  });

  it('refuses before signing what its policy does not allow', async () => {
    const other = '0x70997970c51812dc3a010c7d01b50e0d17dc79c8';
    const balance = await tokenBalance(t, t.signer);
    const ids = await queueTransactions(database.db, [
      // A burn from someone else's address.
      { kind: 'burn', toAddress: other, amount: '1' },
      // More than the signer holds: the call would revert.
      { kind: 'fee', toAddress: other, amount: ((balance + 10n ** 18n) / 10n ** 18n).toString() },
    ]);
    const nonce = await t.nonceOf(t.signer, 'pending');
    start();
    await waitUntil('both refused', async () => (await outboxRows(database.db, ids)).every((r) => r.state === 'failed'));
    const [burn, fee] = await outboxRows(database.db, ids);
    expect(burn!.lastError).toMatch(/burns only from the signer's own address/);
    expect(fee!.lastError).toMatch(/would revert \(ERC20InsufficientBalance/);
    expect([burn!.nonce, burn!.signedTx, fee!.nonce, fee!.signedTx]).toEqual([null, null, null, null]);
    expect(await t.nonceOf(t.signer, 'pending')).toBe(nonce);
  });

  it('a transaction whose block is reorganised away waits again, is broadcast again and ends final once', async () => {
    await t.rpc('evm_setAutomine', [false]);
    const head = await t.client.getBlockNumber();
    const [id] = await queueTransactions(database.db, [
      { kind: 'fee', toAddress: '0x70997970c51812dc3a010c7d01b50e0d17dc79c8', amount: '1.5' },
    ]);
    start();
    await waitUntil('sent', async () => (await outboxRow(database.db, id!)).state === 'sent');
    const snapshot = await t.rpc('evm_snapshot');
    await t.rpc('anvil_mine', ['0x1']);
    await waitUntil('mined', async () => (await outboxRow(database.db, id!)).minedBlock !== null);
    // The block is gone, and the transaction with it (anvil does not put it back in its pool).
    await t.rpc('evm_revert', [snapshot]);
    await waitUntil('waiting again', async () => (await outboxRow(database.db, id!)).minedBlock === null);
    await waitUntil('in the pool again', async () => ((await t.rpc('txpool_status')) as { pending: string }).pending === '0x1');

    await mineToFinal();
    await waitUntil('final', async () => (await outboxRow(database.db, id!)).state === 'final');
    const row = await outboxRow(database.db, id!);
    expect(row.broadcasts).toBeGreaterThanOrEqual(2);
    expect(row.sentHashes).toEqual([row.txHash]);
    expect(row.minedBlock).toBe(Number(head) + 1);
  });
});
