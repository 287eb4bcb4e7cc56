import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { appConfigQueryKey } from '@/lib/app-config';
import { sessionQueryKey } from '../api/get-session';
import { clearSessionData, publicQueryRoots } from './clear-session-data';

describe('clearSessionData', () => {
  it('keeps the app config under the key lib/app-config caches it with', () => {
    expect(publicQueryRoots).toContain(appConfigQueryKey[0]);
  });

  it('drops the session and every other cached answer, and keeps the app config', () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(appConfigQueryKey, { productSymbol: 'GIDR', chainId: 137 });
    queryClient.setQueryData(sessionQueryKey, { admin: { id: 1 } });
    queryClient.setQueryData(['users', 'list', { page: 0 }], { data: [], total: 0 });
    clearSessionData(queryClient);
    expect(queryClient.getQueryData(appConfigQueryKey)).toEqual({ productSymbol: 'GIDR', chainId: 137 });
    expect(queryClient.getQueryData(sessionQueryKey)).toBeUndefined();
    expect(queryClient.getQueryCache().findAll({ queryKey: ['users'] })).toEqual([]);
  });
});
