import Inventory2OutlinedIcon from '@mui/icons-material/Inventory2Outlined';
import { ListCountCard } from '@/components/data-grid/list-count-card';
import { useDenominations } from '../api/get-denominations';
import { errorMessage } from '@/lib/api-client';

/** 'Recorded Denoms': how many denominations the vault has. */
export function DenominationCountCard() {
  const denominations = useDenominations();
  return (
    <ListCountCard
      title="Recorded Denoms"
      count={denominations.data?.total}
      loading={denominations.isPending}
      error={denominations.error ? errorMessage(denominations.error) : null}
      onRetry={() => void denominations.refetch()}
      icon={<Inventory2OutlinedIcon />}
    />
  );
}
