import { ContentLayout } from '@/components/layouts/content-layout';
import { UserCountCard } from '@/features/users/components/user-count-card';
import { UsersTable } from '@/features/users/components/users-table';
import { usePageTitle } from '@/app/route-handle';

/** /user-list: the count card, then registered users searched, sorted and paged on the server. */
export function UserListRoute() {
  const title = usePageTitle();
  return (
    <ContentLayout title={title}>
      <UserCountCard />
      <UsersTable />
    </ContentLayout>
  );
}
