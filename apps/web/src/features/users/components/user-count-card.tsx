import PeopleAltOutlinedIcon from '@mui/icons-material/PeopleAltOutlined';
import { ListCountCard } from '@/components/data-grid/list-count-card';
import { isApiError } from '@/lib/api-client';
import { useUserCount } from '../api/get-user-count';

/** The User List's count card: every registered customer, whatever the search. */
export function UserCountCard() {
  const count = useUserCount();
  const error = count.error ? (isApiError(count.error) ? count.error.message : 'The count could not be read.') : null;
  return (
    <ListCountCard
      title="Registered Users"
      count={count.data?.count}
      loading={count.isPending}
      error={error}
      onRetry={() => void count.refetch()}
      icon={<PeopleAltOutlinedIcon />}
    />
  );
}
