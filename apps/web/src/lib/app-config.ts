/** {product} is app-wide (menu, titles, every feature's texts), so it lives here rather than in a feature. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { appConfigResponse, type AppConfigResponse } from '@gold/contract';
import { api } from './api-client';
import { queryKeys } from './query-keys';

/** GET /app-config (public): the token symbol that stands for {product} in every text, and the chain id. */
function getAppConfig({ signal }: { signal?: AbortSignal } = {}): Promise<AppConfigResponse> {
  return api.get('/app-config', { schema: appConfigResponse, signal, redirectOnUnauthorized: false });
}

export function appConfigQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.appConfig.all,
    queryFn: ({ signal }) => getAppConfig({ signal }),
    staleTime: Infinity,
    gcTime: Infinity,
  });
}

function useAppConfig() {
  return useQuery(appConfigQueryOptions());
}

/** Shown for {product} until the symbol has loaded (or when it cannot be). */
const PRODUCT_PLACEHOLDER = 'Token';

/** The {product} label: the token's symbol, e.g. 'GIDR'. */
export function useProductSymbol(): string {
  return useAppConfig().data?.productSymbol ?? PRODUCT_PLACEHOLDER;
}
