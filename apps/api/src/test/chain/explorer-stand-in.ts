import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

interface ExplorerCall {
  path: string;
  query: Record<string, string>;
  addresses: string[];
}

export interface ExplorerStandIn {
  baseUrl: string;
  apiKey: string;
  /** ok: answer balances; refuse: status '0' as the explorer does (e.g. a bad key); http500: a broken gateway. */
  mode: 'ok' | 'refuse' | 'http500';
  readonly calls: ExplorerCall[];
  close(): Promise<void>;
}

/**
 * A local stand-in for the block explorer's API v2 that speaks balancemulti's JSON and
 * records every call. Like the real one it refuses a wrong key, a wrong chain and more than
 * 20 addresses. Balances come from `balanceOf` (e.g. the demo chain's real balances).
 */
export async function startExplorerStandIn(balanceOf: (address: string) => Promise<bigint> | bigint): Promise<ExplorerStandIn> {
  const calls: ExplorerCall[] = [];
  const apiKey = 'TESTKEY123456789';
  const server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://stand-in');
      const query = Object.fromEntries(url.searchParams);
      const addresses = (query.address ?? '').split(',').filter(Boolean);
      calls.push({ path: url.pathname, query, addresses });
      const reply = (status: number, body: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(body));
      };
      if (standIn.mode === 'http500') return reply(500, { error: 'gateway' });
      const refuse = (result: string) => reply(200, { status: '0', message: 'NOTOK', result });
      if (standIn.mode === 'refuse' || query.apikey !== apiKey) return refuse('Invalid API Key (#err2)|x');
      if (url.pathname !== '/v2/api' || query.module !== 'account' || query.action !== 'balancemulti' || query.tag !== 'latest') {
        return refuse('Error! Invalid action');
      }
      if (query.chainId !== '137') return refuse('Missing or unsupported chainid parameter');
      if (addresses.length === 0 || addresses.length > 20) return refuse('Error! Maximum of 20 addresses');
      const result = await Promise.all(addresses.map(async (account) => ({ account, balance: String(await balanceOf(account)) })));
      reply(200, { status: '1', message: 'OK', result });
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const standIn: ExplorerStandIn = {
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    apiKey,
    mode: 'ok',
    calls,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  return standIn;
}
