import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { appConfigResponse } from '@gold/contract';
import type { AppDeps } from '../../app-deps';

export const appConfigRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  app.get(
    '/app-config',
    { schema: { tags: ['operations'], summary: 'Public facts the console needs before sign-in', response: { 200: appConfigResponse } } },
    async () => ({ productSymbol: deps.config.PRODUCT_SYMBOL, chainId: deps.config.CHAIN_ID }),
  );
};
