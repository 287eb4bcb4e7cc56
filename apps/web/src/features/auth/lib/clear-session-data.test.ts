import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { queryKeys } from '@/lib/query-keys';
import { clearSessionData } from './clear-session-data';

describe('clearSessionData', () => {
  it('drops the session and every other cached answer, and keeps the app config', () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(queryKeys.appConfig.all, { productSymbol: 'GIDR', chainId: 137 });
    queryClient.setQueryData(queryKeys.auth.session, { admin: { id: 1 } });
    queryClient.setQueryData(queryKeys.customers.list({ page: 0 }), { data: [], total: 0 });
    clearSessionData(queryClient);
    expect(queryClient.getQueryData(queryKeys.appConfig.all)).toEqual({ productSymbol: 'GIDR', chainId: 137 });
    expect(queryClient.getQueryData(queryKeys.auth.session)).toBeUndefined();
    expect(queryClient.getQueryCache().findAll({ queryKey: queryKeys.customers.all })).toEqual([]);
  });
});
