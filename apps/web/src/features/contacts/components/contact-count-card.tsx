import ContactMailOutlinedIcon from '@mui/icons-material/ContactMailOutlined';
import { ListCountCard } from '@/components/data-grid/list-count-card';
import { isApiError } from '@/lib/api-client';
import { useContactCount } from '../api/get-contact-count';

/** 'Submitted Contacts': every message received. */
export function ContactCountCard() {
  const count = useContactCount();
  const error = count.error ? (isApiError(count.error) ? count.error.message : 'The count could not be read.') : null;
  return (
    <ListCountCard
      title="Submitted Contacts"
      count={count.data?.count}
      loading={count.isPending}
      error={error}
      onRetry={() => void count.refetch()}
      icon={<ContactMailOutlinedIcon />}
    />
  );
}
