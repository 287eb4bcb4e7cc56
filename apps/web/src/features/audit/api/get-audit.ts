import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { auditListResponse, type AuditListQuery, type AuditListResponse } from '@gold/contract';
import { api } from '@/lib/api-client';

/** GET /admin/audit: one page of the audit log, newest first, filtered by admin, action and WIB days on the server. */
export function getAudit(query: AuditListQuery, { signal }: { signal?: AbortSignal } = {}): Promise<AuditListResponse> {
  return api.get('/admin/audit', { query, schema: auditListResponse, signal });
}

/** Every audit query starts with this (an admin change refreshes it: features/admins/api/query-keys.ts). */
export const auditQueryKey = ['audit'] as const;

export function auditQueryOptions(query: AuditListQuery) {
  return queryOptions({
    queryKey: [...auditQueryKey, 'list', query],
    queryFn: ({ signal }) => getAudit(query, { signal }),
    placeholderData: keepPreviousData,
    // The log grows with every admin's action: asked again whenever the page opens.
    staleTime: 0,
  });
}

export function useAudit(query: AuditListQuery) {
  return useQuery(auditQueryOptions(query));
}
