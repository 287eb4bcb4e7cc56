/** An error and its causes, as viem nests them (HttpRequestError inside a RpcRequestError, ...). */
type ErrorLike = { code?: number; status?: number; details?: string; message?: string; shortMessage?: string; cause?: unknown };

function* chainOf(error: unknown): Generator<ErrorLike> {
  for (let e = error as ErrorLike | undefined, depth = 0; e && typeof e === 'object' && depth < 10; e = e.cause as ErrorLike, depth++) {
    yield e;
  }
}

const textOf = (e: ErrorLike) => `${e.details ?? ''} ${e.shortMessage ?? ''} ${e.message ?? ''}`;

/**
 * The provider asks us to slow down: HTTP 429, or a JSON-RPC answer saying so in its words
 * (Infura and Alchemy use -32005 and 429 for it; -32005 also means "too many results", told
 * apart by the text). Backed off with jitter; the block range stays as it is.
 */
export function isRateLimited(error: unknown): boolean {
  for (const e of chainOf(error)) {
    if (e.status === 429 || e.code === 429) return true;
    if (/rate.?limit|too many requests|request rate|exceeded .*(capacity|compute units|requests)|throughput/i.test(textOf(e))) return true;
  }
  return false;
}

/**
 * The provider refuses a block range for its size: too many results (10,000 logs is a common
 * cap) or too many blocks. The range is halved and grows back after successes.
 */
export function isRangeTooLarge(error: unknown): boolean {
  if (isRateLimited(error)) return false;
  for (const e of chainOf(error)) {
    if (e.code === -32005) return true;
    // viem refuses an answer over 10 MB: as good as a node's cap.
    if ((e as { name?: string }).name === 'ResponseBodyTooLargeError') return true;
    if (
      /block range|range (is )?too (large|wide|big)|too many (blocks|results|logs)|more than \d+ (results|logs|blocks)|returned more than|response size|limit exceeded/i.test(
        textOf(e),
      )
    ) {
      return true;
    }
  }
  return false;
}

/** The node does not know a block (by hash or number): it is behind, or the block was just abandoned. */
export function isUnknownBlock(error: unknown): boolean {
  for (const e of chainOf(error)) {
    if ((e as { name?: string }).name === 'BlockNotFoundError') return true;
    if (/unknown block|block not found|header not found|could not find block/i.test(textOf(e))) return true;
  }
  return false;
}

/**
 * The node answered, refusing the `finalized` block tag (older nodes, some providers): a JSON-RPC
 * error, not a transport failure or a rate limit.
 */
export function isTagRefused(error: unknown): boolean {
  if (isRateLimited(error)) return false;
  for (const e of chainOf(error)) {
    if (typeof e.code === 'number' && e.code < 0) return true;
    if (isUnknownBlock(e) || /finalized|invalid (block|param)|not supported|unsupported/i.test(textOf(e))) return true;
  }
  return false;
}

/** One line for the log: viem's short message, never the node's URL (it may hold an API key). */
export function describeRpcError(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const short = (error as { shortMessage?: string }).shortMessage ?? error.message;
  return (short.split('\n')[0] ?? '').replace(/https?:\/\/\S+/g, (url) => {
    try {
      return new URL(url).origin;
    } catch {
      return '<url>';
    }
  });
}
