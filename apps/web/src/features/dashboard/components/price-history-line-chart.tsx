import { LineChart } from '@mui/x-charts/LineChart';
import { useTranslation } from 'react-i18next';
import type { PricePoint } from '@gold/contract';
import { DISPLAY_TIME_ZONE } from '@/config/constants';
import { formatDate, formatIdr } from '@/lib/format';

const compactIdr = new Intl.NumberFormat('id-ID', { notation: 'compact', maximumFractionDigits: 2 });
const dayAndMonth = new Intl.DateTimeFormat('id-ID', { timeZone: DISPLAY_TIME_ZONE, day: '2-digit', month: 'short' });

/** Ticks a week apart (a label per day does not fit). */
const weekly = (_value: unknown, index: number) => index % 7 === 0;
/** Every tick drawn (a week apart) gets its label. */
const everyTick = () => true;

/** The chart itself, in a chunk of its own (@mui/x-charts): selling and buy-back price per day (gold and dark grey). */
export function PriceHistoryLineChart({ points }: { points: readonly PricePoint[] }) {
  const { t } = useTranslation();
  return (
    <LineChart
      height={260}
      skipAnimation
      xAxis={[
        {
          scaleType: 'point',
          data: points.map((point) => point.date),
          valueFormatter: (date: string, context) => (context.location === 'tick' ? dayAndMonth.format(new Date(date)) : formatDate(date)),
          tickInterval: weekly,
          tickLabelInterval: everyTick,
          height: 36,
        },
      ]}
      yAxis={[{ valueFormatter: (value: number) => compactIdr.format(value), width: 56 }]}
      series={[
        {
          id: 'sell',
          label: t('Selling price'),
          color: '#8A6D0B',
          data: points.map((point) => point.harga_jual),
          showMark: false,
          valueFormatter: (value) => formatIdr(value),
        },
        {
          id: 'buy',
          label: t('Buy-back price'),
          color: '#5C5546',
          data: points.map((point) => point.harga_beli),
          showMark: false,
          valueFormatter: (value) => formatIdr(value),
        },
      ]}
      margin={{ left: 8, right: 28, top: 16, bottom: 8 }}
    />
  );
}
