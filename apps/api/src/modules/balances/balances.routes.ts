import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { balancesQuery, balancesResponse, errorResponse } from '@gold/contract';
import type { AppDeps } from '../../app-deps';
import { serviceUnavailable } from '../../lib/http-errors';
import { ChainReadError } from '../chain';

/** Seconds the console is told to wait before asking again when the chain does not answer. */
const retrySeconds = 5;

/** On-chain balances of customer wallets for the user list's {product} and POL cells. */
export const balancesRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  app.get(
    '/admin/balances',
    {
      schema: {
        tags: ['users'],
        summary:
          'Token and native (POL) balances of 1 to 100 wallets, exact, read in one eth_call through Multicall3 (cached briefly); 503 with Retry-After when the chain is not available',
        querystring: balancesQuery,
        response: { 200: balancesResponse, 400: errorResponse, 401: errorResponse, 503: errorResponse },
      },
    },
    async (request) => {
      const reader = deps.chain?.()?.reader;
      if (!reader) throw serviceUnavailable('Balances are unavailable: the chain reader is not running', retrySeconds);
      try {
        const [token, balances] = await Promise.all([reader.tokenInfo(), reader.balances(request.query.addresses)]);
        return {
          symbol: token.symbol,
          decimals: token.decimals,
          data: balances.map((balance) => ({
            address: balance.address.toLowerCase(),
            token: { value: balance.token.value, raw: balance.token.raw.toString() },
            native: { value: balance.native.value, raw: balance.native.raw.toString() },
          })),
        };
      } catch (error) {
        if (!(error instanceof ChainReadError)) throw error;
        request.log.warn({ err: error.message }, 'balances could not be read');
        throw serviceUnavailable(`Balances could not be read from the chain: ${error.message}`, retrySeconds);
      }
    },
  );
};
