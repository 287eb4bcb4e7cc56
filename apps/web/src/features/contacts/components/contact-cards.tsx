import { contactListQuery, contactPageSize } from '@gold/contract';
import { defineCardList } from '@/components/data-grid/list-declaration';
import { contactsList } from '../api/get-contacts';
import { ContactCard } from './contact-card';

/** The messages as cards, newest first, 6 to a page, paged on the server (texts are English keys, translated where drawn). */
export const contactCards = defineCardList({
  query: contactListQuery,
  call: contactsList,
  pageSize: contactPageSize,
  loadingLabel: 'Loading contacts',
  emptyText: 'No contact data yet!',
  pagesLabel: 'Contact pages',
  card: (contact) => <ContactCard contact={contact} />,
});
