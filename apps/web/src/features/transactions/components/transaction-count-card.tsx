import SwapHorizOutlinedIcon from '@mui/icons-material/SwapHorizOutlined';
import { useTranslation } from 'react-i18next';
import { ListCountCard } from '@/components/data-grid/list-count-card';
import { errorMessage } from '@/lib/api-client';
import { useTransactionCount } from '../api/get-transaction-count';

/** 'Transactions Made': every transaction, whatever the search or filter. */
export function TransactionCountCard() {
  const { t } = useTranslation();
  const count = useTransactionCount();
  return (
    <ListCountCard
      title={t('Transactions Made')}
      count={count.data?.count}
      loading={count.isPending}
      error={count.error ? errorMessage(count.error) : null}
      onRetry={() => void count.refetch()}
      icon={<SwapHorizOutlinedIcon />}
    />
  );
}
