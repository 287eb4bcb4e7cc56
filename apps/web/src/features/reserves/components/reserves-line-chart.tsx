import { LineChart } from '@mui/x-charts/LineChart';
import { useTranslation } from 'react-i18next';
import type { ReserveSnapshot } from '@gold/contract';
import { formatDateTime } from '@/lib/format';
import { formatGrams } from '../lib/describe-reserves';

const compact = new Intl.NumberFormat('id-ID', { notation: 'compact', maximumFractionDigits: 1 });

/**
 * The chart itself, in a chunk of its own (@mui/x-charts): tokens outstanding (dark) and gold in
 * the vault (gold) at each snapshot, as steps (a figure holds until the next snapshot). Positions
 * are plotted from the exact text; the tooltip shows the exact figures.
 */
export function ReservesLineChart({ snapshots, product }: { snapshots: readonly ReserveSnapshot[]; product: string }) {
  const { t } = useTranslation();
  const times = snapshots.map((s) => new Date(s.createdAt));
  const exact =
    (field: 'supply' | 'vaultGrams') =>
    (_value: number | null, { dataIndex }: { dataIndex: number }) =>
      formatGrams(snapshots[dataIndex]![field]);
  return (
    <LineChart
      height={280}
      skipAnimation
      xAxis={[{ scaleType: 'time', data: times, valueFormatter: (date: Date) => formatDateTime(date.toISOString()), height: 36 }]}
      yAxis={[{ valueFormatter: (value: number) => compact.format(value), width: 56 }]}
      series={[
        {
          id: 'supply',
          label: t('{{product}} outstanding', { product }),
          color: '#3B3A36',
          curve: 'stepAfter',
          data: snapshots.map((s) => Number(s.supply)),
          showMark: snapshots.length < 30,
          valueFormatter: exact('supply'),
        },
        {
          id: 'vault',
          label: t('Gold in the vault (g)'),
          color: '#8A6D0B',
          curve: 'stepAfter',
          data: snapshots.map((s) => Number(s.vaultGrams)),
          showMark: snapshots.length < 30,
          valueFormatter: exact('vaultGrams'),
        },
      ]}
      margin={{ left: 8, right: 28, top: 16, bottom: 8 }}
    />
  );
}
