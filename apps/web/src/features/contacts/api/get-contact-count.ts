import { queryOptions, useQuery } from '@tanstack/react-query';
import { countResponse, type CountResponse } from '@gold/contract';
import { api } from '@/lib/api-client';
import { contactsQueryKey } from './get-contacts';

/** GET /admin/count/messages: 'Submitted Contacts'. */
function getContactCount({ signal }: { signal?: AbortSignal } = {}): Promise<CountResponse> {
  return api.get('/admin/count/messages', { schema: countResponse, signal });
}

function contactCountQueryOptions() {
  return queryOptions({ queryKey: [...contactsQueryKey, 'count'], queryFn: ({ signal }) => getContactCount({ signal }) });
}

export function useContactCount() {
  return useQuery(contactCountQueryOptions());
}
