import ShoppingBagOutlinedIcon from '@mui/icons-material/ShoppingBagOutlined';
import { useTranslation } from 'react-i18next';
import { ListCountCard } from '@/components/data-grid/list-count-card';
import { errorMessage } from '@/lib/api-client';
import { useProductSymbol } from '@/lib/app-config';
import { usePurchaseCount } from '../api/get-purchase-count';

/** The spec's '{product} Redeemed' card of the purchase list: how many purchases there are, whatever the search. */
export function PurchaseCountCard() {
  const { t } = useTranslation();
  const product = useProductSymbol();
  const count = usePurchaseCount();
  return (
    <ListCountCard
      title={t('{{product}} Redeemed', { product })}
      count={count.data}
      loading={count.isPending}
      error={count.error ? errorMessage(count.error) : null}
      onRetry={() => void count.refetch()}
      icon={<ShoppingBagOutlinedIcon />}
    />
  );
}
