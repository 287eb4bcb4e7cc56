import { contactListResponse, type ContactListQuery, type ContactMessage } from '@gold/contract';
import { listCall } from '@/lib/list-call';

export const contactsQueryKey = ['contacts'] as const;

/** GET /admin/messages: contact messages, newest first (the Contact List shows 6 a page). */
export const contactsList = listCall<ContactListQuery, ContactMessage>({
  path: '/admin/messages',
  key: [...contactsQueryKey, 'list'],
  response: contactListResponse,
});
