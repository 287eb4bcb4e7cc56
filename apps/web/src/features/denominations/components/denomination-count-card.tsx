import Inventory2OutlinedIcon from '@mui/icons-material/Inventory2Outlined';
import { useTranslation } from 'react-i18next';
import { ListCountCard } from '@/components/data-grid/list-count-card';
import { useDenominations } from '../api/get-denominations';
import { errorMessage } from '@/lib/api-client';

/** 'Recorded Denoms': how many denominations the vault has. */
export function DenominationCountCard() {
  const { t } = useTranslation();
  const denominations = useDenominations();
  return (
    <ListCountCard
      title={t('Recorded Denoms')}
      count={denominations.data?.total}
      loading={denominations.isPending}
      error={denominations.error ? errorMessage(denominations.error) : null}
      onRetry={() => void denominations.refetch()}
      icon={<Inventory2OutlinedIcon />}
    />
  );
}
