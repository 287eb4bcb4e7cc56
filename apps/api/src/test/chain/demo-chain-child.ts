// Run by demo-chain.test.ts as a separate Node process: starts the demo chain for the
// wallets given as arguments, prints what it made as one JSON line, then waits to be killed.
import { createPublicClient, http } from 'viem';
import { transferEvent } from '../../modules/chain/chain-definition';
import { startDemoChain } from '../../modules/chain/demo-chain';

const chain = await startDemoChain({ wallets: process.argv.slice(2) });
const client = createPublicClient({ transport: http(chain.rpcUrl) });
const logs = await client.getLogs({ address: chain.tokenAddress, event: transferEvent, fromBlock: 0n });
process.stdout.write(
  `${JSON.stringify({
    pid: chain.pid,
    tokenAddress: chain.tokenAddress,
    deploymentBlock: String(chain.deploymentBlock),
    transactions: logs.map((l) => `${l.transactionHash}:${l.logIndex}`),
  })}\n`,
);
setInterval(() => {}, 60_000);
