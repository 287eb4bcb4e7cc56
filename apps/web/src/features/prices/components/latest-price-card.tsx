import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { QueryState } from '@/components/query-state';
import { useProductSymbol } from '@/lib/app-config';
import { formatDateTime, formatIdr } from '@/lib/format';
import { usePrice } from '../api/get-price';

/** Latest Price: the selling price (harga_jual) in rupiah, Indonesian format, per {product}. */
export function LatestPriceCard() {
  const { t } = useTranslation();
  const product = useProductSymbol();
  const price = usePrice();
  return (
    <QueryState query={price} loading={<Skeleton width={200} height={48} aria-hidden />}>
      {({ harga_jual, harga_beli, createdAt }) => (
        <Stack spacing={0.5}>
          <Typography variant="h2" component="p" sx={{ fontSize: '2rem' }}>
            {formatIdr(harga_jual)}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t('per {{product}} (1 gram), selling price', { product })}
          </Typography>
          <Typography variant="body2">{t('Buy-back: {{price}}', { price: formatIdr(harga_beli) })}</Typography>
          <Typography variant="body2" color="text.secondary">
            {t('Set {{time}}', { time: formatDateTime(createdAt) })}
          </Typography>
        </Stack>
      )}
    </QueryState>
  );
}
