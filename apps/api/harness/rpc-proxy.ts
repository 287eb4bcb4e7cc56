import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RpcCall {
  method: string;
  params: unknown[];
}

export interface RpcProxy {
  url: string;
  /** up: forward to the node; down: drop every connection; hang: never answer. */
  mode: 'up' | 'down' | 'hang';
  /** eth_getLogs ranges wider than this are refused as a public node would (-32005). */
  maxLogRange?: number;
  /** Every answer waits this long first, as a distant node's would (a slow catch-up to interrupt, say). */
  delayMs?: number;
  /**
   * Two nodes behind one URL: about every other request is answered by a node this many blocks behind
   * (its head, its blocks, its logs stop there; a block hash it lacks is an "unknown block").
   */
  lagBlocks?: number;
  /** The next this-many eth_getLogs calls are answered HTTP 429 (a provider's rate limit). */
  rateLimitNext?: number;
  /** eth_getLogs answers with more logs than this are refused as "too many results" (-32005). */
  maxLogResults?: number;
  /** Requests answered 429, and by the lagging node. */
  rateLimited: number;
  lagged: number;
  /** Every HTTP request answered or held, with the JSON-RPC calls it carried. */
  readonly requests: RpcCall[][];
  /** Requests dropped while down. */
  dropped: number;
  /** JSON-RPC calls of one method (all when omitted) since the last reset. */
  calls(method?: string): RpcCall[];
  reset(): void;
  close(): Promise<void>;
}

/**
 * A JSON-RPC proxy in front of a real node that counts what goes through it and can play a
 * node that is down or hangs. Tests count eth_calls with it; they never mock the node.
 */
export async function startRpcProxy(upstream: string): Promise<RpcProxy> {
  const requests: RpcCall[][] = [];
  const held = new Set<ServerResponse>();
  const server = createServer((req, res) => void handle(req, res));
  const proxy: RpcProxy = {
    url: '',
    mode: 'up',
    requests,
    dropped: 0,
    rateLimited: 0,
    lagged: 0,
    calls: (method) => requests.flat().filter((c) => method === undefined || c.method === method),
    reset: () => {
      requests.length = 0;
      proxy.dropped = 0;
      proxy.rateLimited = 0;
      proxy.lagged = 0;
    },
    close: async () => {
      for (const res of held) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks).toString();
    if (proxy.mode === 'down') {
      proxy.dropped++;
      req.socket.destroy();
      return;
    }
    const parsed = JSON.parse(body) as { method: string; params?: unknown[]; id?: unknown } | Array<{ method: string; params?: unknown[] }>;
    const calls = (Array.isArray(parsed) ? parsed : [parsed]).map((c) => ({ method: c.method, params: c.params ?? [] }));
    requests.push(calls);
    if (proxy.mode === 'hang') {
      held.add(res);
      res.on('close', () => held.delete(res));
      return;
    }
    if (proxy.maxLogRange !== undefined && !Array.isArray(parsed) && parsed.method === 'eth_getLogs') {
      const [filter] = parsed.params as Array<{ fromBlock?: string; toBlock?: string }>;
      if (filter?.fromBlock && filter.toBlock && BigInt(filter.toBlock) - BigInt(filter.fromBlock) + 1n > BigInt(proxy.maxLogRange)) {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(
          JSON.stringify({
            jsonrpc: '2.0',
            id: parsed.id,
            error: { code: -32005, message: `query exceeds max block range ${proxy.maxLogRange}` },
          }),
        );
        return;
      }
    }
    if (proxy.delayMs) await new Promise((resolve) => setTimeout(resolve, proxy.delayMs));
    const single = Array.isArray(parsed) ? undefined : parsed;
    const reply = (payload: object) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ jsonrpc: '2.0', id: single?.id, ...payload }));
    };
    if (single?.method === 'eth_getLogs' && (proxy.rateLimitNext ?? 0) > 0) {
      proxy.rateLimitNext!--;
      proxy.rateLimited++;
      res.writeHead(429, { 'content-type': 'application/json', 'retry-after': '1' });
      res.end(JSON.stringify({ jsonrpc: '2.0', id: single.id, error: { code: 429, message: 'Too Many Requests: rate limit exceeded' } }));
      return;
    }
    try {
      if (single && proxy.lagBlocks !== undefined && lagTurn()) {
        proxy.lagged++;
        const answer = await laggingAnswer(single.method, single.params ?? [], proxy.lagBlocks);
        if (answer) return reply(answer);
      }
      const answer = await fetch(upstream, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
      const text = await answer.text();
      if (single?.method === 'eth_getLogs' && proxy.maxLogResults !== undefined) {
        const result = (JSON.parse(text) as { result?: unknown[] }).result;
        if (result && result.length > proxy.maxLogResults) {
          return reply({ error: { code: -32005, message: `query returned more than ${proxy.maxLogResults} results` } });
        }
      }
      res.writeHead(answer.status, { 'content-type': 'application/json' });
      res.end(text);
    } catch {
      req.socket.destroy();
    }
  }

  // Which node a request reaches, as a load balancer spreads them: about every other request,
  // from a fixed pseudo-random sequence (the same run every time, no lockstep with the caller).
  let seed = 0x2545f491;
  const lagTurn = () => {
    seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
    return (seed >>> 16) % 2 === 1;
  };
  const upstreamCall = async (method: string, params: unknown[]): Promise<unknown> => {
    const answer = await fetch(upstream, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
    });
    const json = (await answer.json()) as { result?: unknown; error?: unknown };
    if (json.error) throw new Error(JSON.stringify(json.error));
    return json.result;
  };

  /** How a node `lag` blocks behind answers; undefined: as the upstream does. */
  async function laggingAnswer(method: string, params: unknown[], lag: number): Promise<object | undefined> {
    const head = BigInt((await upstreamCall('eth_blockNumber', [])) as string) - BigInt(lag);
    const hex = (n: bigint) => `0x${n.toString(16)}`;
    const beyond = (tag: unknown) => typeof tag === 'string' && tag.startsWith('0x') && BigInt(tag) > head;
    const unknown = { error: { code: -32000, message: 'unknown block' } };
    switch (method) {
      case 'eth_blockNumber':
        return { result: hex(head) };
      case 'eth_getBlockByNumber': {
        const [tag, full] = params;
        if (tag === 'latest' || tag === 'pending') return { result: await upstreamCall(method, [hex(head), full]) };
        return beyond(tag) ? { result: null } : undefined;
      }
      case 'eth_getBlockByHash': {
        const block = (await upstreamCall(method, params)) as { number: string } | null;
        return { result: block && BigInt(block.number) > head ? null : block };
      }
      case 'eth_getLogs': {
        const [filter] = params as Array<{ blockHash?: string; fromBlock?: string; toBlock?: string }>;
        if (filter?.blockHash) {
          const block = (await upstreamCall('eth_getBlockByHash', [filter.blockHash, false])) as { number: string } | null;
          return !block || BigInt(block.number) > head ? unknown : undefined;
        }
        if (filter?.fromBlock && beyond(filter.fromBlock)) return { result: [] };
        // A node answers up to its own head: what lies beyond is simply not there.
        if (filter?.toBlock && beyond(filter.toBlock)) return { result: await upstreamCall(method, [{ ...filter, toBlock: hex(head) }]) };
        return undefined;
      }
      case 'eth_call':
        return beyond(params[1]) ? { error: { code: -32000, message: 'header not found' } } : undefined;
      default:
        return undefined;
    }
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  proxy.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/rpc/secret-key-in-path`;
  return proxy;
}
