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
    calls: (method) => requests.flat().filter((c) => method === undefined || c.method === method),
    reset: () => {
      requests.length = 0;
      proxy.dropped = 0;
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
      const [filter] = parsed.params as Array<{ fromBlock: string; toBlock: string }>;
      if (filter && BigInt(filter.toBlock) - BigInt(filter.fromBlock) + 1n > BigInt(proxy.maxLogRange)) {
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
    try {
      const answer = await fetch(upstream, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
      res.writeHead(answer.status, { 'content-type': 'application/json' });
      res.end(await answer.text());
    } catch {
      req.socket.destroy();
    }
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  proxy.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/rpc/secret-key-in-path`;
  return proxy;
}
