import WarningAmberIcon from '@mui/icons-material/WarningAmber';
import Chip from '@mui/material/Chip';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { QueryState } from '@/components/query-state';
import { useProductSymbol } from '@/lib/app-config';
import { formatDateTime, formatIdr } from '@/lib/format';
import { usePrice } from '../api/get-price';

/**
 * Latest Price: the selling price (harga_jual) in rupiah, Indonesian format, per {product}; flagged
 * stale when older than the server's PRICE_STALE_AFTER_MINUTES (the price feed may have stopped).
 */
export function LatestPriceCard() {
  const { t } = useTranslation();
  const product = useProductSymbol();
  const price = usePrice();
  return (
    <QueryState query={price} loading={<Skeleton width={200} height={48} aria-hidden />}>
      {({ harga_jual, harga_beli, createdAt, stale, staleAfterMinutes }) => (
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
          {stale ? (
            <Stack direction="row" spacing={1} role="status" sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}>
              <Chip size="small" color="warning" icon={<WarningAmberIcon />} label={t('Stale price')} />
              <Typography variant="body2" color="warning.dark">
                {t('Older than {{minutes}} minutes: the price feed may have stopped.', { minutes: staleAfterMinutes })}
              </Typography>
            </Stack>
          ) : null}
        </Stack>
      )}
    </QueryState>
  );
}
