import { balancesQuery, type BalancesResponse } from '@gold/contract';
import { errorBody, jsonResponse, type Handler, type StubbedRequest } from './http';

export interface BalancesServer extends Handler {
  /** The wallet lists of every balances call, as the contract parsed them (lower case, oldest first). */
  requests: string[][];
}

/**
 * A stand-in for GET /admin/balances in console tests: checks `addresses` with the contract (a 400
 * like the API's), then answers each wallet's amounts from `amounts` (keyed by address, any case;
 * '0' for a wallet not listed), in the order asked, with the token's symbol.
 *
 *   const balances = balancesServer({ [wallet]: { token: '1234.567', native: '0.5' } });
 *   renderSignedIn('/user-list', { 'GET /admin/balances': balances, ... });
 *   expect(balances.requests).toHaveLength(1);
 */
/** A decimal amount with its base units at 18 decimals: '1.5' -> raw '1500000000000000000'. */
function amount(value: string) {
  const [whole = '0', fraction = ''] = value.split('.');
  return { value, raw: BigInt(whole + fraction.padEnd(18, '0').slice(0, 18)).toString() };
}

export function balancesServer(amounts: Record<string, { token: string; native: string }> = {}, symbol = 'GIDR'): BalancesServer {
  const known = new Map(Object.entries(amounts).map(([address, amount]) => [address.toLowerCase(), amount]));
  const requests: string[][] = [];
  const handler = (request: StubbedRequest) => {
    const params = Object.fromEntries(new URL(request.url, 'http://localhost').searchParams);
    const parsed = balancesQuery.safeParse(params);
    if (!parsed.success) {
      const message = parsed.error.issues.map((issue) => `querystring.${issue.path.join('.')}: ${issue.message}`).join('; ');
      return jsonResponse(400, errorBody(400, 'Bad Request', message));
    }
    requests.push(parsed.data.addresses);
    const body: BalancesResponse = {
      symbol,
      decimals: 18,
      data: parsed.data.addresses.map((address) => {
        const found = known.get(address) ?? { token: '0', native: '0' };
        return { address, token: amount(found.token), native: amount(found.native) };
      }),
    };
    return jsonResponse(200, body);
  };
  return Object.assign(handler, { requests });
}
