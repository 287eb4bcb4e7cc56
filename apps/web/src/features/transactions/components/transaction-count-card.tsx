import SwapHorizOutlinedIcon from '@mui/icons-material/SwapHorizOutlined';
import { ListCountCard } from '@/components/data-grid/list-count-card';
import { isApiError } from '@/lib/api-client';
import { useTransactionCount } from '../api/get-transaction-count';

/** 'Transactions Made': every transaction, whatever the search or filter. */
export function TransactionCountCard() {
  const count = useTransactionCount();
  const error = count.error ? (isApiError(count.error) ? count.error.message : 'The count could not be read.') : null;
  return (
    <ListCountCard
      title="Transactions Made"
      count={count.data?.count}
      loading={count.isPending}
      error={error}
      onRetry={() => void count.refetch()}
      icon={<SwapHorizOutlinedIcon />}
    />
  );
}
