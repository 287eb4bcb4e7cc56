import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { contactListResponse, type ContactListQuery, type ContactListResponse } from '@gold/contract';
import { api } from '@/lib/api-client';

/** GET /admin/messages: one page of contact messages, newest first (the Contact List shows 6). */
export function getContacts(query: ContactListQuery, { signal }: { signal?: AbortSignal } = {}): Promise<ContactListResponse> {
  return api.get('/admin/messages', { query, schema: contactListResponse, signal });
}

export const contactsQueryKey = ['contacts'] as const;

export function contactsQueryOptions(query: ContactListQuery) {
  return queryOptions({
    queryKey: [...contactsQueryKey, 'list', query],
    queryFn: ({ signal }) => getContacts(query, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useContacts(query: ContactListQuery) {
  return useQuery(contactsQueryOptions(query));
}
