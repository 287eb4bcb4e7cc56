import { defineChain, erc20Abi, isAddress, parseAbi, type Address, type Chain, type Hex } from 'viem';
import goldTokenArtifact from '../../../contracts/artifacts/GoldToken.json';
import multicall3Artifact from '../../../contracts/artifacts/Multicall3.json';
import { InvalidWalletAddressError } from './errors';

/** Multicall3's address, the same on Polygon and most EVM chains; the demo chain installs it there. */
export const multicall3Address: Address = '0xcA11bde05977b3631167028862bE2a173976CA11';

export const zeroAddress: Address = '0x0000000000000000000000000000000000000000';

/** The native currency of Polygon PoS (and of the demo chain, which poses as it). */
export const nativeCurrency = { name: 'POL', symbol: 'POL', decimals: 18 } as const;

/**
 * A chain definition of our own rather than viem's stock `polygon`: that one declares
 * Multicall3's deployment block, which makes viem refuse multicalls on a local anvil whose
 * chain is younger. Same id (137 by default), same Multicall3 address, our RPC URL.
 */
export function chainDefinition(chainId: number, rpcUrl: string): Chain {
  return defineChain({
    id: chainId,
    name: chainId === 137 ? 'Polygon' : `Chain ${chainId}`,
    nativeCurrency,
    rpcUrls: { default: { http: [rpcUrl] } },
    contracts: { multicall3: { address: multicall3Address } },
  });
}

/** The ERC-20 reads and the Transfer event, plus the demo token's owner-only mint and burn. */
export const goldTokenAbi = [
  ...erc20Abi,
  ...parseAbi([
    'constructor(address initialOwner)',
    'function mint(address to, uint256 amount)',
    'function burn(address from, uint256 amount)',
    'function owner() view returns (address)',
  ]),
] as const;

export const transferEvent = erc20Abi.find((item) => item.type === 'event' && item.name === 'Transfer')!;

/** Creation code of the demo token (constructor: initialOwner), compiled from contracts/GoldToken.sol. */
export const goldTokenBytecode = goldTokenArtifact.bytecode as Hex;

/** Runtime code of Multicall3, compiled from contracts/Multicall3.sol, for anvil_setCode. */
export const multicall3RuntimeCode = multicall3Artifact.deployedBytecode as Hex;

/** Lower-case form used in the database (customers.wallet_address and token_transactions). */
export function normalizeAddress(address: string): Address {
  if (typeof address !== 'string' || !isAddress(address, { strict: false })) throw new InvalidWalletAddressError(String(address));
  return address.toLowerCase() as Address;
}
