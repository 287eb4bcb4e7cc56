import PeopleAltOutlinedIcon from '@mui/icons-material/PeopleAltOutlined';
import { useTranslation } from 'react-i18next';
import { ListCountCard } from '@/components/data-grid/list-count-card';
import { errorMessage } from '@/lib/api-client';
import { useCustomerCount } from '../api/get-customer-count';

/** The User List's count card: every registered customer, whatever the search. */
export function CustomerCountCard() {
  const { t } = useTranslation();
  const count = useCustomerCount();
  return (
    <ListCountCard
      title={t('Registered Users')}
      count={count.data?.count}
      loading={count.isPending}
      error={count.error ? errorMessage(count.error) : null}
      onRetry={() => void count.refetch()}
      icon={<PeopleAltOutlinedIcon />}
    />
  );
}
