import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useProductSymbol } from '@/lib/app-config';
import { formatDateTime, formatIdr } from '@/lib/format';
import { usePrice } from '../api/get-price';
import { errorMessage } from '../lib/error-message';

/** Latest Price: the selling price (harga_jual) in rupiah, Indonesian format, per {product}. */
export function LatestPriceCard() {
  const product = useProductSymbol();
  const price = usePrice();
  if (price.isError) {
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => void price.refetch()}>
            Retry
          </Button>
        }
      >
        {errorMessage(price.error)}
      </Alert>
    );
  }
  if (price.isPending) return <Skeleton width={200} height={48} aria-hidden />;
  const { harga_jual, harga_beli, createdAt } = price.data;
  return (
    <Stack spacing={0.5}>
      <Typography variant="h2" component="p" sx={{ fontSize: '2rem' }}>
        {formatIdr(harga_jual)}
      </Typography>
      <Typography variant="body2" color="text.secondary">{`per ${product} (1 gram), selling price`}</Typography>
      <Typography variant="body2">{`Buy-back: ${formatIdr(harga_beli)}`}</Typography>
      <Typography variant="body2" color="text.secondary">{`Set ${formatDateTime(createdAt)}`}</Typography>
    </Stack>
  );
}
