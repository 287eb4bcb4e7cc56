import ShoppingBagOutlinedIcon from '@mui/icons-material/ShoppingBagOutlined';
import { ListCountCard } from '@/components/data-grid/list-count-card';
import { isApiError } from '@/lib/api-client';
import { useProductSymbol } from '@/lib/app-config';
import { useOrderCount } from '../api/get-order-count';

/** The spec's '{product} Redeemed' card of the purchase list: how many purchases there are, whatever the search. */
export function OrderCountCard() {
  const product = useProductSymbol();
  const count = useOrderCount();
  const error = count.error ? (isApiError(count.error) ? count.error.message : 'The count could not be read.') : null;
  return (
    <ListCountCard
      title={`${product} Redeemed`}
      count={count.data}
      loading={count.isPending}
      error={error}
      onRetry={() => void count.refetch()}
      icon={<ShoppingBagOutlinedIcon />}
    />
  );
}
