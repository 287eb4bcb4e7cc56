/**
 * A balance or token read that failed: node down or slow, explorer refusing, a malformed
 * answer. Callers show a dash and offer a retry; the message names the source, never a key.
 */
export class ChainReadError extends Error {
  override readonly name = 'ChainReadError';

  constructor(
    readonly source: 'rpc' | 'explorer',
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/** An address that is not a 20-byte hex address (a caller's mistake: answer 400). */
export class InvalidWalletAddressError extends Error {
  override readonly name = 'InvalidWalletAddressError';

  constructor(readonly address: string) {
    super(`not a wallet address: ${JSON.stringify(address.slice(0, 64))}`);
  }
}
