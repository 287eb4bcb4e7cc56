import AdminPanelSettingsOutlinedIcon from '@mui/icons-material/AdminPanelSettingsOutlined';
import { ListCountCard } from '@/components/data-grid/list-count-card';
import { useAdminCount } from '../api/get-admin-count';
import { errorMessage } from '@/lib/api-client';
import { useTranslation } from 'react-i18next';

/** 'Registered Admin': every admin not deleted, whatever the search. */
export function AdminCountCard() {
  const { t } = useTranslation();
  const count = useAdminCount();
  return (
    <ListCountCard
      title={t('Registered Admin')}
      count={count.data?.count}
      loading={count.isPending}
      error={count.error ? errorMessage(count.error) : null}
      onRetry={() => void count.refetch()}
      icon={<AdminPanelSettingsOutlinedIcon />}
    />
  );
}
