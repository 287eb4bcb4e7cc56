import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { PricePoint } from '@gold/contract';
import { TimeLineChart, type TimeLineSeries } from '@/components/charts/time-line-chart';
import { DISPLAY_TIME_ZONE } from '@/config/constants';
import { formatDate, formatIdr } from '@/lib/format';

const compactIdr = new Intl.NumberFormat('id-ID', { notation: 'compact', maximumFractionDigits: 2 });
const dayAndMonth = new Intl.DateTimeFormat('id-ID', { timeZone: DISPLAY_TIME_ZONE, day: '2-digit', month: 'short' });
const formatTick = (time: Date) => dayAndMonth.format(time);
const formatValueTick = (value: number) => compactIdr.format(value);

/** The chart itself, in a chunk of its own (uPlot): selling and buy-back price per day (gold and dark grey). */
export function PriceHistoryLineChart({ points }: { points: readonly PricePoint[] }) {
  const { t } = useTranslation();
  const times = useMemo(() => points.map((point) => new Date(point.date)), [points]);
  const series = useMemo(
    (): TimeLineSeries[] => [
      {
        label: t('Selling price'),
        color: '#8A6D0B',
        values: points.map((point) => point.harga_jual),
        formatValue: (index) => formatIdr(points[index]!.harga_jual),
      },
      {
        label: t('Buy-back price'),
        color: '#5C5546',
        values: points.map((point) => point.harga_beli),
        formatValue: (index) => formatIdr(points[index]!.harga_beli),
      },
    ],
    [points, t],
  );
  const formatTime = useMemo(() => (index: number) => formatDate(points[index]!.date), [points]);
  return (
    <TimeLineChart
      times={times}
      timeLabel={t('Date')}
      series={series}
      height={260}
      formatTick={formatTick}
      formatTime={formatTime}
      formatValueTick={formatValueTick}
    />
  );
}
