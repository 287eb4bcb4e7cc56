import ContactMailOutlinedIcon from '@mui/icons-material/ContactMailOutlined';
import { useTranslation } from 'react-i18next';
import { ListCountCard } from '@/components/data-grid/list-count-card';
import { errorMessage } from '@/lib/api-client';
import { useContactCount } from '../api/get-contact-count';

/** 'Submitted Contacts': every message received. */
export function ContactCountCard() {
  const { t } = useTranslation();
  const count = useContactCount();
  return (
    <ListCountCard
      title={t('Submitted Contacts')}
      count={count.data?.count}
      loading={count.isPending}
      error={count.error ? errorMessage(count.error) : null}
      onRetry={() => void count.refetch()}
      icon={<ContactMailOutlinedIcon />}
    />
  );
}
