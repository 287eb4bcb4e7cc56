import { lazy, Suspense } from 'react';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { ReserveSnapshot } from '@gold/contract';
import { QueryState } from '@/components/query-state';
import { useProductSymbol } from '@/lib/app-config';
import { formatDateTime } from '@/lib/format';
import { useReserveChartSnapshots } from '../api/get-reserve-history';
import { formatGrams } from '../lib/describe-reserves';

const ReservesLineChart = lazy(() => import('./reserves-line-chart').then((m) => ({ default: m.ReservesLineChart })));

/** Tokens outstanding against grams in the vault over the newest snapshots, with a sentence saying what the lines show. */
export function ReservesChart() {
  const { t } = useTranslation();
  const snapshots = useReserveChartSnapshots();
  return (
    <QueryState
      query={snapshots}
      loading={<Skeleton variant="rectangular" height={280} aria-hidden />}
      isEmpty={(page) => page.data.length === 0}
      empty={t('No snapshot of the reserves yet.')}
    >
      {(page) => <ReservesFigure snapshots={[...page.data].reverse()} />}
    </QueryState>
  );
}

function ReservesFigure({ snapshots }: { snapshots: readonly ReserveSnapshot[] }) {
  const { t } = useTranslation();
  const product = useProductSymbol();
  const first = snapshots[0]!;
  const last = snapshots.at(-1)!;
  const underBacked = snapshots.filter((s) => !s.backed).length;
  return (
    <Box component="figure" sx={{ m: 0 }}>
      <Suspense fallback={<Skeleton variant="rectangular" height={280} aria-hidden />}>
        <ReservesLineChart snapshots={snapshots} product={product} />
      </Suspense>
      <Typography component="figcaption" variant="body2" color="text.secondary">
        {t(
          'From {{from}} to {{to}}: {{product}} outstanding went from {{supplyFrom}} to {{supplyTo}}, gold in the vault from {{vaultFrom}} to {{vaultTo}}; {{underBacked}} of {{count}} snapshots under-backed.',
          {
            from: formatDateTime(first.createdAt),
            to: formatDateTime(last.createdAt),
            product,
            supplyFrom: formatGrams(first.supply),
            supplyTo: formatGrams(last.supply),
            vaultFrom: formatGrams(first.vaultGrams),
            vaultTo: formatGrams(last.vaultGrams),
            underBacked,
            count: snapshots.length,
          },
        )}
      </Typography>
    </Box>
  );
}
