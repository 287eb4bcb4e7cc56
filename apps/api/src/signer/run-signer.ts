import { pino } from 'pino';
import { createPublicClient, http, parseGwei, type Address } from 'viem';
import { postgresLeadership, soleLeadership, type Leadership } from '../cluster/leadership';
import { openDatabase, type DatabaseHandle } from '../db/client';
import { loggerOptions } from '../lib/logging';
import { chainDefinition } from '../modules/chain/chain-definition';
import { describeRpcError } from '../modules/chain/rpc-errors';
import { startOutbox } from './outbox';
import type { SignerConfig } from './signer-config';
import { signerStopMessage, ipcSignerStore } from './signer-ipc';
import { loadSignerAccount, signerKeySource } from './signer-key';
import { databaseSignerStore, type SignerStore } from './signer-store';

/** The advisory lock signers compete for: one signs, the others wait to take over. */
const signerLockName = 'gold-back-office:signer';

interface RunningSigner {
  address: Address;
  /** Stops the outbox after its step, lets the lead go and closes the database. */
  stop(): Promise<void>;
}

/**
 * The signer process (`npm run signer`, or the API's child on PGlite): its key, its node, its
 * store (PostgreSQL of its own, or the API's database through the IPC bridge) and, while it
 * leads, the outbox.
 */
async function startSigner(config: SignerConfig): Promise<RunningSigner> {
  // A wrong key setting is named before anything else is tried.
  const keySource = signerKeySource(config);
  const log = pino({ ...loggerOptions(config.LOG_LEVEL), base: { pid: process.pid, role: 'signer' } });
  const client = createPublicClient({
    chain: chainDefinition(config.CHAIN_ID, config.RPC_URL),
    transport: http(config.RPC_URL, { timeout: config.RPC_TIMEOUT_MS, retryCount: 1 }),
    cacheTime: 0,
  });
  let nodeChainId: number;
  try {
    nodeChainId = await client.getChainId();
  } catch (error) {
    throw new Error(`the node at RPC_URL does not answer: ${describeRpcError(error)}`);
  }
  if (nodeChainId !== config.CHAIN_ID) {
    throw new Error(`the node at RPC_URL is chain ${nodeChainId}, not CHAIN_ID ${config.CHAIN_ID}: nothing is signed for the wrong chain`);
  }
  const account = await loadSignerAccount(keySource, async () =>
    /^anvil\//i.test(String(await client.request({ method: 'web3_clientVersion' as never }))),
  );

  let handle: DatabaseHandle | undefined;
  let store: SignerStore;
  let leadership: Leadership;
  if (config.SIGNER_STORE === 'ipc') {
    if (!process.send) throw new Error('SIGNER_STORE=ipc: this process was not started by the API');
    store = ipcSignerStore(process);
    leadership = soleLeadership(log);
  } else {
    handle = await openDatabase({
      kind: 'postgres',
      url: config.DATABASE_URL!,
      poolSize: 2,
      limits: { statementTimeoutMs: 15_000, idleInTransactionTimeoutMs: 10_000, acquireTimeoutMs: 5000 },
    });
    store = databaseSignerStore(handle.db);
    leadership = postgresLeadership({ databaseUrl: config.DATABASE_URL!, lockName: signerLockName, log });
  }
  log.info({ address: account.address, chainId: config.CHAIN_ID, token: config.TOKEN_ADDRESS }, `signer ${account.address} started`);
  leadership.whileLeading('the signer', () =>
    startOutbox({
      store,
      client,
      account,
      chainId: config.CHAIN_ID,
      tokenAddress: config.TOKEN_ADDRESS.toLowerCase() as Address,
      finality: { tag: config.SIGNER_FINALIZED_TAG, confirmations: config.CHAIN_CONFIRMATIONS },
      stuckAfterMs: config.SIGNER_STUCK_AFTER_MS,
      pollMs: config.SIGNER_POLL_MS,
      maxFeePerGas: config.SIGNER_MAX_FEE_GWEI === undefined ? undefined : parseGwei(String(config.SIGNER_MAX_FEE_GWEI)),
      fault: config.SIGNER_FAULT,
      log,
    }),
  );
  let stopping: Promise<void> | undefined;
  return {
    address: account.address,
    stop: () =>
      (stopping ??= (async () => {
        await leadership.close();
        await handle?.close();
      })()),
  };
}

/** Runs until SIGTERM, SIGINT, the API's stop message or the API's exit (child mode). */
export async function runSigner(config: SignerConfig): Promise<void> {
  const signer = await startSigner(config);
  await new Promise<void>((resolve) => {
    process.once('SIGTERM', resolve);
    process.once('SIGINT', resolve);
    if (process.send) {
      process.on('message', (message: unknown) => {
        if ((message as { signerStore?: string } | null)?.signerStore === signerStopMessage.signerStore) resolve();
      });
      process.once('disconnect', resolve);
    }
  });
  await signer.stop();
}
