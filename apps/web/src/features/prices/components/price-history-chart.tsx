import { lazy, Suspense } from 'react';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { PricePoint } from '@gold/contract';
import { QueryState } from '@/components/query-state';
import { formatDate, formatIdr } from '@/lib/format';
import { usePriceHistory } from '../api/get-price-history';

/** Days the chart shows. */
export const PRICE_HISTORY_DAYS = 30;

const PriceHistoryLineChart = lazy(() => import('./price-history-line-chart').then((m) => ({ default: m.PriceHistoryLineChart })));

/** The price of the last 30 days beside the Latest Price card; a sentence says what the lines show. */
export function PriceHistoryChart() {
  const { t } = useTranslation();
  const history = usePriceHistory(PRICE_HISTORY_DAYS);
  return (
    <QueryState
      query={history}
      loading={<Skeleton variant="rectangular" height={260} aria-hidden />}
      isEmpty={(data) => data.data.length === 0}
      empty={t('No prices in the last {{days}} days.', { days: PRICE_HISTORY_DAYS })}
    >
      {(data) => <PriceHistoryFigure points={data.data} />}
    </QueryState>
  );
}

/** The line chart of `points` (oldest first) with a sentence saying what it shows; the Price History screen charts its page with it. */
export function PriceHistoryFigure({ points }: { points: readonly PricePoint[] }) {
  const { t } = useTranslation();
  const selling = points.map((point) => point.harga_jual);
  const first = points[0]!;
  const last = points.at(-1)!;
  const summary = t('Selling price from {{from}} to {{to}}: {{first}} to {{last}}, lowest {{lowest}}, highest {{highest}}.', {
    from: formatDate(first.date),
    to: formatDate(last.date),
    first: formatIdr(first.harga_jual),
    last: formatIdr(last.harga_jual),
    lowest: formatIdr(Math.min(...selling)),
    highest: formatIdr(Math.max(...selling)),
  });
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
