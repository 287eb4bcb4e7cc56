import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { ReserveSnapshot } from '@gold/contract';
import { TimeLineChart, type TimeLineSeries } from '@/components/charts/time-line-chart';
import { DISPLAY_TIME_ZONE } from '@/config/constants';
import { formatDateTime } from '@/lib/format';
import { formatGrams } from '../lib/describe-reserves';

const compact = new Intl.NumberFormat('id-ID', { notation: 'compact', maximumFractionDigits: 1 });
const formatValueTick = (value: number) => compact.format(value);
const dayAndTime = new Intl.DateTimeFormat('id-ID', {
  timeZone: DISPLAY_TIME_ZONE,
  day: '2-digit',
  month: 'short',
  hour: '2-digit',
  minute: '2-digit',
});
const formatTick = (time: Date) => dayAndTime.format(time);
/** A tick label ('25 Nov 09.42') and a gap. */
const TICK_SPACE_PX = 110;

/** Fewer snapshots than this get a dot at each. */
const MARKS_BELOW = 30;

/**
 * The chart itself, in a chunk of its own (uPlot): tokens outstanding (dark) and gold in the vault
 * (gold) at each snapshot, as steps (a figure holds until the next snapshot). Positions are plotted
 * from the exact text; the legend shows the exact figures.
 */
export function ReservesLineChart({ snapshots, product }: { snapshots: readonly ReserveSnapshot[]; product: string }) {
  const { t } = useTranslation();
  const times = useMemo(() => snapshots.map((s) => new Date(s.createdAt)), [snapshots]);
  const series = useMemo((): TimeLineSeries[] => {
    const marks = snapshots.length < MARKS_BELOW;
    return [
      {
        label: t('{{product}} outstanding', { product }),
        color: '#3B3A36',
        values: snapshots.map((s) => Number(s.supply)),
        formatValue: (index) => formatGrams(snapshots[index]!.supply),
        steps: true,
        marks,
      },
      {
        label: t('Gold in the vault (g)'),
        color: '#8A6D0B',
        values: snapshots.map((s) => Number(s.vaultGrams)),
        formatValue: (index) => formatGrams(snapshots[index]!.vaultGrams),
        steps: true,
        marks,
      },
    ];
  }, [snapshots, product, t]);
  const formatTime = useMemo(() => (index: number) => formatDateTime(snapshots[index]!.createdAt), [snapshots]);
  return (
    <TimeLineChart
      times={times}
      timeLabel={t('Time')}
      series={series}
      height={280}
      formatTick={formatTick}
      formatTime={formatTime}
      formatValueTick={formatValueTick}
      tickSpace={TICK_SPACE_PX}
    />
  );
}
