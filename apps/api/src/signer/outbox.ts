import {
  BaseError,
  ContractFunctionRevertedError,
  decodeFunctionData,
  encodeFunctionData,
  keccak256,
  parseAbi,
  parseTransaction,
  parseUnits,
  TransactionReceiptNotFoundError,
  type Address,
  type Hex,
  type LocalAccount,
  type PublicClient,
  type TransactionReceipt,
} from 'viem';
import { goldTokenAbi } from '../modules/chain/chain-definition';
import type { ChainLogger } from '../modules/chain/logger';
import { describeRpcError, isTagRefused } from '../modules/chain/rpc-errors';
import type { OutboxRow, SignerStore } from './signer-store';
import { wakeableSleep } from '../lib/wakeable-sleep';

/** The token's calls the signer makes, with OpenZeppelin's errors so a revert names its reason. */
const signerTokenAbi = [
  ...goldTokenAbi,
  ...parseAbi([
    'error ERC20InsufficientBalance(address sender, uint256 balance, uint256 needed)',
    'error ERC20InvalidReceiver(address receiver)',
    'error ERC20InvalidSender(address sender)',
    'error OwnableUnauthorizedAccount(address account)',
  ]),
] as const;

/** Test-only faults (SIGNER_FAULT, honoured with NODE_ENV=test): stop right after storing signed bytes. */
type SignerFault = 'pause-after-sign';

export interface OutboxOptions {
  store: SignerStore;
  client: PublicClient;
  /** Signs only: a local key, or a custom account (KMS, hardware wallet) with signTransaction. */
  account: Pick<LocalAccount, 'address' | 'signTransaction'>;
  chainId: number;
  tokenAddress: Address;
  /** Final: at or below the node's finalized block (`tag`), else (or when refused) `confirmations` below the head. */
  finality: { tag: boolean; confirmations: number };
  /** A sent transaction not mined this long after its last broadcast is replaced with higher fees. */
  stuckAfterMs: number;
  pollMs: number;
  /** The most a transaction may pay per gas (wei): above it nothing is signed, and a stuck one waits. */
  maxFeePerGas?: bigint;
  /** Rows read per step. */
  batch?: number;
  fault?: SignerFault;
  log: ChainLogger;
}

export interface Outbox {
  /** Ends the loop after its current step. */
  stop(): Promise<void>;
}

/** Raises a fee by the 12.5 % nodes require of a replacement (rounded up). */
export const bumpFee = (fee: bigint) => (fee * 9n + 7n) / 8n;

/** Everything a node said about an error, for matching its meaning. */
function errorText(error: unknown): string {
  const parts: string[] = [];
  let e: unknown = error;
  for (let depth = 0; e && depth < 8; depth++) {
    const any = e as { message?: string; details?: string; shortMessage?: string; cause?: unknown };
    parts.push(any.shortMessage ?? '', any.details ?? '', any.message ?? '');
    e = any.cause;
  }
  return parts.join(' | ');
}

/** The node already has it (or mined it): a broadcast that needs no repeat. */
const alreadyThere = (error: unknown) =>
  /already known|already imported|known transaction|nonce too low|nonce is too low|transaction already exists/i.test(errorText(error));

/** eth_estimateGas answered that the call reverts (not that the node is unreachable). */
const isRevert = (error: unknown) =>
  error instanceof BaseError &&
  (error.walk((e) => e instanceof ContractFunctionRevertedError) !== null || /revert/i.test(errorText(error)));

/**
 * The durable outbox (docs/decisions.md, "Settlement" and "Signer"), run by the leading signer:
 * (a) signs queued rows in id order, nonces consecutive, the bytes stored before anything is
 * broadcast; (b) broadcasts signed rows without waiting for earlier ones to be mined; (c) follows
 * sent rows to final depth (a receipt for any hash it was sent as), or back to waiting when a
 * reorganisation drops it; (d) replaces a stuck one under its nonce with fees raised 12.5 %;
 * (e) every change one store transaction with its events; (f) signs only what its policy allows.
 */
export function startOutbox(options: OutboxOptions): Outbox {
  const { store, client, account, chainId, tokenAddress, log } = options;
  const from = account.address.toLowerCase() as Address;
  const batch = options.batch ?? 200;
  let decimals: number | undefined;
  let tagAnswered: boolean | undefined;
  let stopped = false;
  let paused = false;
  /** Sent rows broadcast again by this leader once (a node restarted, or dropped them, while we were away). */
  const rebroadcast = new Set<number>();

  const { sleep, wake } = wakeableSleep();

  /** The policy (f): what this signer signs at all. null: allowed. */
  function refusal(row: OutboxRow, units: bigint | null): string | null {
    if (row.kind !== 'burn' && row.kind !== 'fee' && row.kind !== 'refund') return `refused: unknown kind ${String(row.kind)}`;
    if (!/^0x[0-9a-fA-F]{40}$/.test(row.toAddress) || /^0x0{40}$/.test(row.toAddress)) return `refused: ${row.toAddress} is not an address`;
    if (row.kind === 'burn' && row.toAddress.toLowerCase() !== from) {
      return `refused: burns only from the signer's own address ${from}, not ${row.toAddress}`;
    }
    if (units === null) return `refused: ${row.amount} is not a whole number of the token's ${decimals} decimals`;
    if (units <= 0n) return 'refused: the amount must be above zero';
    return null;
  }

  /** The amount in base units, or null when the token's decimals cannot hold it exactly. */
  function baseUnits(amount: string): bigint | null {
    const [whole = '0', fraction = ''] = amount.split('.');
    const significant = fraction.replace(/0+$/, '');
    if (significant.length > decimals!) return null;
    try {
      return parseUnits(`${whole}.${significant || '0'}`, decimals!);
    } catch {
      return null;
    }
  }

  /** burn → token.burn(from, amount); fee and refund → token.transfer(to, amount). */
  function tokenCall(row: OutboxRow, units: bigint) {
    return {
      functionName: row.kind === 'burn' ? ('burn' as const) : ('transfer' as const),
      args: [row.toAddress as Address, units] as const,
    };
  }

  /** The first nonce to give: past every one stored, and past what the node has (pending included). */
  async function firstFreeNonce(): Promise<number> {
    const [stored, pending] = await Promise.all([
      store.highestNonce(chainId, from),
      client.getTransactionCount({ address: from, blockTag: 'pending' }),
    ]);
    return Math.max(stored === null ? 0 : stored + 1, pending);
  }

  /** The node's EIP-1559 fees now. */
  async function currentFees() {
    const fees = await client.estimateFeesPerGas();
    return { maxFeePerGas: fees.maxFeePerGas, maxPriorityFeePerGas: fees.maxPriorityFeePerGas };
  }

  async function signQueued(queued: OutboxRow[]): Promise<OutboxRow[]> {
    const signed: OutboxRow[] = [];
    if (queued.length === 0) return signed;
    decimals ??= await client.readContract({ address: tokenAddress, abi: signerTokenAbi, functionName: 'decimals' });
    const fees = await currentFees();
    if (options.maxFeePerGas !== undefined && fees.maxFeePerGas > options.maxFeePerGas) {
      log.warn({ maxFeePerGas: fees.maxFeePerGas.toString() }, 'signer: the network asks more than SIGNER_MAX_FEE_GWEI: waiting to sign');
      return signed;
    }
    let nonce = await firstFreeNonce();
    for (const row of queued) {
      if (stopped || paused) break;
      const units = baseUnits(row.amount);
      const refused = refusal(row, units);
      if (refused) {
        log.warn({ transaction: row.id, kind: row.kind }, `signer: transaction ${row.id} ${refused}`);
        await store.refuse(row.id, refused);
        continue;
      }
      const call = tokenCall(row, units!);
      const data = encodeFunctionData({ abi: signerTokenAbi, ...call });
      let gas: bigint;
      try {
        gas = await client.estimateContractGas({ account: from, address: tokenAddress, abi: signerTokenAbi, ...call });
      } catch (error) {
        if (!isRevert(error)) throw error;
        const reason = `refused: the call would revert (${revertText(error)})`;
        log.warn({ transaction: row.id }, `signer: transaction ${row.id} ${reason}`);
        await store.refuse(row.id, reason);
        continue;
      }
      // Headroom: the state may change between the estimate and the block (an earlier burn of the pipeline).
      gas = (gas * 6n) / 5n;
      const bytes = await account.signTransaction({
        chainId,
        type: 'eip1559',
        to: tokenAddress,
        data,
        gas,
        nonce,
        value: 0n,
        maxFeePerGas: fees.maxFeePerGas,
        maxPriorityFeePerGas: fees.maxPriorityFeePerGas,
      });
      const txHash = keccak256(bytes);
      const stored = await store.storeSigned(row.id, {
        chainId,
        fromAddress: from,
        nonce,
        signedTx: bytes,
        txHash,
        maxFeePerGas: fees.maxFeePerGas.toString(),
        maxPriorityFeePerGas: fees.maxPriorityFeePerGas.toString(),
      });
      // Changed meanwhile (another signer, an admin): the nonce was not used, the next row takes it.
      if (!stored) continue;
      log.info({ transaction: row.id, kind: row.kind, nonce, txHash }, `signer: transaction ${row.id} signed (nonce ${nonce})`);
      signed.push({ ...row, state: 'signed', nonce, signedTx: bytes, txHash, sentHashes: [txHash] });
      nonce++;
      if (options.fault === 'pause-after-sign') {
        log.warn(
          { transaction: row.id },
          'signer: SIGNER_FAULT=pause-after-sign: paused after storing the signed bytes, before broadcasting',
        );
        paused = true;
      }
    }
    return signed;
  }

  /** (b) Sends the stored bytes; a node that has them already (or mined them) counts as sent. */
  async function broadcast(row: OutboxRow): Promise<boolean> {
    try {
      await client.request({ method: 'eth_sendRawTransaction', params: [row.signedTx as Hex] });
    } catch (error) {
      if (!alreadyThere(error)) {
        const message = `broadcast refused: ${describeRpcError(error)}`;
        log.warn({ transaction: row.id, nonce: row.nonce }, `signer: transaction ${row.id} ${message}`);
        await store.noteError(row.id, message);
        return false;
      }
    }
    rebroadcast.add(row.id);
    return store.markSent(row.id, row.txHash!);
  }

  async function receiptOf(hash: string): Promise<TransactionReceipt | null> {
    try {
      return await client.getTransactionReceipt({ hash: hash as Hex });
    } catch (error) {
      if (error instanceof TransactionReceiptNotFoundError) return null;
      throw error;
    }
  }

  /** The highest final block, read before the receipts (so a receipt at or below it cannot be reorganised away). */
  async function finalizedBlock(): Promise<bigint> {
    if (options.finality.tag && tagAnswered !== false) {
      try {
        const block = await client.getBlock({ blockTag: 'finalized' });
        tagAnswered = true;
        return block.number;
      } catch (error) {
        if (tagAnswered === true || !isTagRefused(error)) throw error;
        tagAnswered = false;
        log.info(
          { confirmations: options.finality.confirmations },
          'signer: the node does not answer the finalized block; counting confirmations',
        );
      }
    }
    return (await client.getBlockNumber()) - BigInt(options.finality.confirmations);
  }

  function revertText(error: unknown): string {
    if (error instanceof BaseError) {
      const reverted = error.walk((e) => e instanceof ContractFunctionRevertedError) as ContractFunctionRevertedError | null;
      if (reverted?.data) return `${reverted.data.errorName}(${(reverted.data.args ?? []).map(String).join(', ')})`;
      if (reverted?.reason) return reverted.reason;
    }
    return describeRpcError(error);
  }

  /** Why a mined transaction reverted: its call replayed on the block's state, decoded with the token's errors. */
  async function revertReason(row: OutboxRow, receipt: TransactionReceipt): Promise<string> {
    const tx = parseTransaction(row.signedTx as Hex);
    if (receipt.gasUsed === tx.gas) return 'out of gas';
    try {
      const call = decodeFunctionData({ abi: signerTokenAbi, data: tx.data! });
      await client.simulateContract({
        account: from,
        address: tokenAddress,
        abi: signerTokenAbi,
        functionName: call.functionName as 'burn' | 'transfer',
        args: call.args as readonly [Address, bigint],
        blockNumber: receipt.blockNumber,
      });
      return 'reverted';
    } catch (error) {
      return revertText(error);
    }
  }

  /** (d) Same nonce, fees raised at least 12.5 % (and to the node's current ones), stored before it is sent. */
  async function replace(row: OutboxRow): Promise<void> {
    const old = parseTransaction(row.signedTx as Hex);
    const fees = await currentFees();
    const maxPriorityFeePerGas = [bumpFee(BigInt(row.maxPriorityFeePerGas!)), fees.maxPriorityFeePerGas].reduce((a, b) => (a > b ? a : b));
    const maxFeePerGas = [bumpFee(BigInt(row.maxFeePerGas!)), fees.maxFeePerGas, maxPriorityFeePerGas].reduce((a, b) => (a > b ? a : b));
    if (options.maxFeePerGas !== undefined && maxFeePerGas > options.maxFeePerGas) {
      await store.noteError(row.id, `not mined, and a replacement would pay more than SIGNER_MAX_FEE_GWEI: waiting`);
      return;
    }
    const bytes = await account.signTransaction({
      chainId,
      type: 'eip1559',
      to: old.to!,
      data: old.data!,
      gas: old.gas!,
      nonce: row.nonce!,
      value: 0n,
      maxFeePerGas,
      maxPriorityFeePerGas,
    });
    const txHash = keccak256(bytes);
    const stored = await store.storeReplacement(row.id, {
      signedTx: bytes,
      txHash,
      maxFeePerGas: maxFeePerGas.toString(),
      maxPriorityFeePerGas: maxPriorityFeePerGas.toString(),
    });
    if (!stored) return;
    log.info(
      { transaction: row.id, nonce: row.nonce, txHash, maxFeePerGas: maxFeePerGas.toString() },
      `signer: transaction ${row.id} not mined in ${options.stuckAfterMs} ms: replaced under nonce ${row.nonce} with higher fees`,
    );
    await broadcast({ ...row, signedTx: bytes, txHash, sentHashes: [...row.sentHashes, txHash] });
  }

  /** (c) Mined, final, reverted, reorganised away, or stuck. */
  async function follow(sent: OutboxRow[]): Promise<void> {
    if (sent.length === 0) return;
    const finalized = await finalizedBlock();
    let finalNonce: number | undefined;
    // Every row's receipts first, a few rows at a time (hundreds may wait for finality at once).
    const receiptsByRow = new Map<number, TransactionReceipt | null>();
    for (let i = 0; i < sent.length; i += 16) {
      const slice = sent.slice(i, i + 16);
      const found = await Promise.all(
        slice.map(async (row) => (await Promise.all(row.sentHashes.map(receiptOf))).find((r) => r !== null) ?? null),
      );
      slice.forEach((row, j) => receiptsByRow.set(row.id, found[j]!));
    }
    for (const row of sent) {
      if (stopped) return;
      const receipt = receiptsByRow.get(row.id) ?? null;
      if (receipt) {
        const mined = { hash: receipt.transactionHash, block: Number(receipt.blockNumber) };
        if (row.minedBlock !== mined.block || row.minedHash !== mined.hash) await store.markMined(row.id, mined);
        if (receipt.blockNumber > finalized) continue;
        if (receipt.status === 'success') {
          await store.markFinal(row.id, mined);
          log.info(
            { transaction: row.id, txHash: mined.hash, block: mined.block },
            `signer: transaction ${row.id} final in block ${mined.block}`,
          );
        } else {
          const reason = `reverted in block ${mined.block}: ${await revertReason(row, receipt)}`;
          await store.markFailed(row.id, reason);
          log.warn({ transaction: row.id, txHash: mined.hash }, `signer: transaction ${row.id} ${reason}`);
        }
        continue;
      }
      if (row.minedBlock !== null) {
        // Its block was reorganised away: waiting again, and the node may have dropped it.
        log.warn(
          { transaction: row.id, block: row.minedBlock },
          `signer: transaction ${row.id} left the chain (reorganisation): broadcasting it again`,
        );
        await store.markMined(row.id, null);
        await broadcast({ ...row, minedBlock: null, minedHash: null });
        continue;
      }
      // Another transaction of this address took the nonce at final depth (the key used elsewhere):
      // none of ours can ever be mined, so it failed, for an admin to retry.
      finalNonce ??= await client.getTransactionCount({ address: from, blockNumber: finalized < 0n ? 0n : finalized });
      if (finalNonce > row.nonce!) {
        const reason = `nonce ${row.nonce} was used by another transaction of ${from}`;
        await store.markFailed(row.id, reason);
        log.error({ transaction: row.id }, `signer: transaction ${row.id} failed: ${reason}`);
        continue;
      }
      if (!rebroadcast.has(row.id)) {
        await broadcast(row);
        continue;
      }
      const since = row.lastBroadcastAt ? Date.now() - new Date(row.lastBroadcastAt).getTime() : Number.POSITIVE_INFINITY;
      if (since >= options.stuckAfterMs) await replace(row);
    }
  }

  async function step(): Promise<void> {
    const rows = await store.openTransactions(chainId, from, batch);
    const justSigned = await signQueued(rows.filter((r) => r.state === 'queued'));
    if (paused) return;
    // Signed rows in nonce order: those left from before (a crash between signing and sending) and the new ones.
    const toSend = [...rows.filter((r) => r.state === 'signed'), ...justSigned].sort((a, b) => a.nonce! - b.nonce!);
    for (const row of toSend) {
      if (stopped) return;
      await broadcast(row);
    }
    await follow(rows.filter((r) => r.state === 'sent'));
  }

  const loop = (async () => {
    log.info({ address: from, token: tokenAddress, chainId }, `signer: leading; signing for ${from}`);
    while (!stopped) {
      if (!paused) {
        try {
          await step();
        } catch (error) {
          log.warn({ err: describeRpcError(error) }, 'signer: step failed; trying again');
        }
      }
      if (!stopped) await sleep(options.pollMs);
    }
  })();

  return {
    async stop() {
      stopped = true;
      wake();
      await loop;
    },
  };
}
