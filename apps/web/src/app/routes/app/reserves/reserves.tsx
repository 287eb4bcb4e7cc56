import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { CsvExportButton } from '@/components/data-grid/csv-export-button';
import { ListTable } from '@/components/data-grid/list-table/list-table';
import { useList } from '@/components/data-grid/use-list';
import { ContentLayout } from '@/components/layouts/content-layout';
import { QueryState } from '@/components/query-state';
import { useReserves } from '@/features/reserves/api/get-reserves';
import { IndexerHaltedBanner, IndexerStatusPanel } from '@/features/reserves/components/indexer-status';
import { ReserveFigures } from '@/features/reserves/components/reserve-figures';
import { reserveHistoryTable } from '@/features/reserves/components/reserve-history-table';
import { ReservesAlerts } from '@/features/reserves/components/reserves-banner';
import { ReservesByLocation } from '@/features/reserves/components/reserves-by-location';
import { ReservesChart } from '@/features/reserves/components/reserves-chart';
import { usePageTitle } from '@/app/route-handle';

/**
 * /reserves: proof of reserves. The tokens outstanding (read on chain) against the gold in the
 * vault, the alarm while under-backed or while the chain cannot be read, the history as a chart
 * and a list (paged on the server), and its CSV export. Live updates refresh it. The chain
 * indexer's status (head, finalized and indexed blocks, lag, last error) sits below the figures.
 */
export function ReservesRoute() {
  const { t } = useTranslation();
  const title = usePageTitle();
  const reserves = useReserves();
  const history = useList(reserveHistoryTable);
  return (
    <ContentLayout title={title}>
      <IndexerHaltedBanner />
      <QueryState query={reserves}>
        {(data) => (
          <Stack spacing={2}>
            <ReservesAlerts reserves={data} />
            <ReserveFigures reserves={data} />
            <ReservesByLocation reserves={data} />
          </Stack>
        )}
      </QueryState>
      <IndexerStatusPanel />
      <Paper variant="outlined" component="section" aria-labelledby="reserves-chart-heading" sx={{ p: { xs: 2, md: 3 } }}>
        <Typography id="reserves-chart-heading" variant="h2" sx={{ mb: 2 }}>
          {t('Tokens outstanding against gold in the vault')}
        </Typography>
        <ReservesChart />
      </Paper>
      <Stack component="section" aria-labelledby="reserves-history-heading" spacing={2}>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' } }}>
          <Typography id="reserves-history-heading" variant="h2">
            {t('History')}
          </Typography>
          <CsvExportButton list={history} />
        </Stack>
        <ListTable list={history} />
      </Stack>
    </ContentLayout>
  );
}
