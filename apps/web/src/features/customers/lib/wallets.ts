/** A wallet address the balances call takes: 0x and 40 hex digits (the contract's rule). */
const walletPattern = /^0x[0-9a-fA-F]{40}$/;

export function isWalletAddress(address: string | null | undefined): address is string {
  return typeof address === 'string' && walletPattern.test(address);
}

/**
 * The wallets whose balances a page shows: valid addresses only (a malformed one would make the
 * server refuse the whole page's call), in lower case as the balances call answers, once each.
 */
export function walletsToRead(addresses: ReadonlyArray<string | null | undefined>): string[] {
  return [...new Set(addresses.filter(isWalletAddress).map((address) => address.toLowerCase()))];
}
