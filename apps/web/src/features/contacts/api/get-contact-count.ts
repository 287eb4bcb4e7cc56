import { queryOptions, useQuery } from '@tanstack/react-query';
import { countResponse, type CountResponse } from '@gold/contract';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /admin/count/messages: 'Submitted Contacts'. */
function getContactCount({ signal }: { signal?: AbortSignal } = {}): Promise<CountResponse> {
  return api.get('/admin/count/messages', { schema: countResponse, signal });
}

function contactCountQueryOptions() {
  return queryOptions({ queryKey: queryKeys.contacts.count, queryFn: ({ signal }) => getContactCount({ signal }) });
}

export function useContactCount() {
  return useQuery(contactCountQueryOptions());
}
