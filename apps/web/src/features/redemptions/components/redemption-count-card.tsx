import ReceiptLongOutlinedIcon from '@mui/icons-material/ReceiptLongOutlined';
import { useTranslation } from 'react-i18next';
import { ListCountCard } from '@/components/data-grid/list-count-card';
import { useRedemptionCount } from '../api/get-redemption-count';
import { errorMessage } from '@/lib/api-client';

/** How many redemptions there are, in every status (the list's total card; 'Total Redemption' on Ratings). */
export function RedemptionCountCard({ title = 'Total Redemptions' }: { title?: string }) {
  const { t } = useTranslation();
  const count = useRedemptionCount();
  return (
    <ListCountCard
      title={t(title)}
      count={count.data?.count}
      loading={count.isPending}
      error={count.error ? errorMessage(count.error) : null}
      onRetry={() => void count.refetch()}
      icon={<ReceiptLongOutlinedIcon />}
    />
  );
}
