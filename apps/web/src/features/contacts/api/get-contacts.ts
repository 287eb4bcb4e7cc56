import { contactListResponse, type ContactListQuery, type ContactMessage } from '@gold/contract';
import { listCall } from '@/lib/list-call';
import { queryKeys } from '@/lib/query-keys';

/** GET /admin/messages: contact messages, newest first (the Contact List shows 6 a page). */
export const contactsList = listCall<ContactListQuery, ContactMessage>({
  path: '/admin/messages',
  key: queryKeys.contacts.list,
  response: contactListResponse,
});
