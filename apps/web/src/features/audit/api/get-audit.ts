import { auditListResponse, type AuditEntry, type AuditListQuery } from '@gold/contract';
import { listCall } from '@/lib/list-call';
import { queryKeys } from '@/lib/query-keys';

/** GET /admin/audit: the audit log, newest first, filtered by admin, action and WIB days on the server. */
export const auditList = listCall<AuditListQuery, AuditEntry>({
  path: '/admin/audit',
  key: queryKeys.audit.list,
  response: auditListResponse,
  // The log grows with every admin's action: asked again whenever the page opens.
  staleTime: 0,
});
