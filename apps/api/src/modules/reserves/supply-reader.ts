import { erc20Abi, parseAbi } from 'viem';
import { multicall3Address, type ChainReader } from '../chain';
import { tokenUnits } from './reserve-figures';

/** What reading the supply needs of the chain reader (the transfer watcher hands the same over). */
export type SupplySource = Pick<ChainReader, 'client' | 'tokenAddress' | 'tokenInfo'>;

export interface SupplyReading {
  /** Tokens outstanding in 18-decimal units (1 token = 1 gram). */
  supply: bigint;
  blockNumber: number;
  blockTime: Date;
}

const blockAbi = parseAbi([
  'function getBlockNumber() view returns (uint256)',
  'function getCurrentBlockTimestamp() view returns (uint256)',
]);

/**
 * The token's totalSupply() with the number and time of the block it was read at, in ONE
 * eth_call through Multicall3 (so the three agree), at `blockNumber` or the latest block.
 * Decimals come from the contract (read once by the chain reader). Rejects when the node fails.
 */
export async function readSupply(source: SupplySource, blockNumber?: bigint): Promise<SupplyReading> {
  const { decimals } = await source.tokenInfo();
  const [supply, block, time] = await source.client.multicall({
    allowFailure: false,
    blockNumber,
    contracts: [
      { address: source.tokenAddress, abi: erc20Abi, functionName: 'totalSupply' },
      { address: multicall3Address, abi: blockAbi, functionName: 'getBlockNumber' },
      { address: multicall3Address, abi: blockAbi, functionName: 'getCurrentBlockTimestamp' },
    ],
  });
  return { supply: tokenUnits(supply, decimals), blockNumber: Number(block), blockTime: new Date(Number(time) * 1000) };
}
