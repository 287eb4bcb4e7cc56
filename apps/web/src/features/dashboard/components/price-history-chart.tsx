import { lazy, Suspense } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { formatDate, formatIdr } from '@/lib/format';
import { usePriceHistory } from '../api/get-price-history';
import { errorMessage } from '../lib/error-message';

/** Days the chart shows. */
export const PRICE_HISTORY_DAYS = 30;

const PriceHistoryLineChart = lazy(() => import('./price-history-line-chart').then((m) => ({ default: m.PriceHistoryLineChart })));

/** The price of the last 30 days beside the Latest Price card; a sentence says what the lines show. */
export function PriceHistoryChart() {
  const history = usePriceHistory(PRICE_HISTORY_DAYS);
  if (history.isError) {
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => void history.refetch()}>
            Retry
          </Button>
        }
      >
        {errorMessage(history.error)}
      </Alert>
    );
  }
  if (history.isPending) return <Skeleton variant="rectangular" height={260} aria-hidden />;
  const points = history.data.data;
  if (points.length === 0) return <Typography color="text.secondary">No prices in the last {PRICE_HISTORY_DAYS} days.</Typography>;
  const selling = points.map((point) => point.harga_jual);
  const first = points[0]!;
  const last = points.at(-1)!;
  const summary = `Selling price from ${formatDate(first.date)} to ${formatDate(last.date)}: ${formatIdr(first.harga_jual)} to ${formatIdr(
    last.harga_jual,
  )}, lowest ${formatIdr(Math.min(...selling))}, highest ${formatIdr(Math.max(...selling))}.`;
  return (
    <Box component="figure" sx={{ m: 0 }}>
      <Suspense fallback={<Skeleton variant="rectangular" height={260} aria-hidden />}>
        <PriceHistoryLineChart points={points} />
      </Suspense>
      <Typography component="figcaption" variant="body2" color="text.secondary">
        {summary}
      </Typography>
    </Box>
  );
}
