import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { appConfigResponse } from '@gold/contract';
import type { AppDeps } from '../../app-deps';

/** The {product} label when neither PRODUCT_SYMBOL nor the token's own symbol is known. */
const fallbackProductSymbol = 'GIDR';

export const appConfigRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  /** PRODUCT_SYMBOL when set, else the token's symbol (read once by the chain reader and kept), else the fallback. */
  async function productSymbol(): Promise<string> {
    if (deps.config.PRODUCT_SYMBOL) return deps.config.PRODUCT_SYMBOL;
    const reader = deps.chain?.()?.reader;
    if (!reader) return fallbackProductSymbol;
    try {
      const { symbol } = await reader.tokenInfo();
      return symbol.trim() || fallbackProductSymbol;
    } catch {
      // The node is down: the label must not keep the console from starting.
      return fallbackProductSymbol;
    }
  }

  app.get(
    '/app-config',
    {
      schema: {
        tags: ['operations'],
        summary:
          'Public facts the console needs before sign-in: the {product} symbol (PRODUCT_SYMBOL, else the token’s own) and the chain id',
        response: { 200: appConfigResponse },
      },
    },
    async () => ({ productSymbol: await productSymbol(), chainId: deps.config.CHAIN_ID }),
  );
};
