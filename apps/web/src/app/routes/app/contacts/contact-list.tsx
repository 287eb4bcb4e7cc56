import { ListCards } from '@/components/data-grid/list-cards';
import { useList } from '@/components/data-grid/use-list';
import { ContentLayout } from '@/components/layouts/content-layout';
import { contactCards } from '@/features/contacts/components/contact-cards';
import { ContactCountCard } from '@/features/contacts/components/contact-count-card';
import { usePageTitle } from '@/app/route-handle';

/** /contact-list: 'Submitted Contacts', then the messages sent by visitors, 6 cards to a page. */
export function ContactListRoute() {
  const title = usePageTitle();
  const list = useList(contactCards);
  return (
    <ContentLayout title={title}>
      <ContactCountCard />
      <ListCards list={list} />
    </ContentLayout>
  );
}
