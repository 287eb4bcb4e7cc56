import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { IndexerStatus } from '@gold/contract';
import { formatDateTime } from '@/lib/format';
import { useIndexerStatus } from '../api/get-indexer-status';

const orDash = (value: number | null) => (value === null ? '–' : value.toLocaleString('id-ID'));

/**
 * The transfer watcher that copies the token's history: the node's head, its finalized block,
 * the last block stored, the lag, and the last error. Halted (a reorganisation deeper than the
 * bound) is an error an operator must act on; stalled or retrying is a warning.
 */
function IndexerFigures({ status }: { status: IndexerStatus }) {
  const { t } = useTranslation();
  const rows: Array<[string, string]> = [
    [t('Head block'), orDash(status.headBlock)],
    [t('Finalized block'), orDash(status.finalizedBlock)],
    [t('Indexed block'), orDash(status.indexedBlock)],
    [
      t('Lag'),
      status.lagBlocks === null
        ? '–'
        : t('{{blocks}} blocks, {{seconds}} s', { blocks: orDash(status.lagBlocks), seconds: orDash(status.lagSeconds) }),
    ],
    [t('Last error'), status.lastError ? `${status.lastError} (${formatDateTime(status.lastErrorAt)})` : t('None')],
    // Written by whichever API process runs the watcher: an old time means none runs it now.
    ...(status.updatedAt ? [[t('Reported'), formatDateTime(status.updatedAt)] as [string, string]] : []),
  ];
  return (
    <Stack spacing={1.5}>
      {status.state === 'halted' && <Alert severity="error">{t('Indexing stopped: {{error}}', { error: status.lastError ?? '' })}</Alert>}
      {status.state !== 'halted' && status.stalled && <Alert severity="warning">{t('The chain node’s head has stopped moving')}</Alert>}
      {status.state === 'retrying' && <Alert severity="warning">{t('The chain node does not answer; retrying')}</Alert>}
      <Stack component="dl" direction={{ xs: 'column', md: 'row' }} spacing={{ xs: 1, md: 4 }} sx={{ m: 0, flexWrap: 'wrap' }}>
        {rows.map(([label, value]) => (
          <div key={label}>
            <Typography component="dt" variant="body2" color="text.secondary">
              {label}
            </Typography>
            <Typography component="dd" sx={{ m: 0, fontWeight: 600 }}>
              {value}
            </Typography>
          </div>
        ))}
      </Stack>
    </Stack>
  );
}

export function IndexerStatusPanel() {
  const { t } = useTranslation();
  const health = useIndexerStatus();
  const status = health.data?.indexer ?? null;
  return (
    <Paper variant="outlined" component="section" aria-labelledby="indexer-status-heading" sx={{ p: { xs: 2, md: 3 } }}>
      <Typography id="indexer-status-heading" variant="h2" sx={{ mb: 2 }}>
        {t('Chain indexer')}
      </Typography>
      {health.isPending ? (
        <Typography color="text.secondary">{t('Loading indexer status')}</Typography>
      ) : status ? (
        <IndexerFigures status={status} />
      ) : (
        <Typography color="text.secondary">
          {health.isError ? t('The indexer status could not be read') : t('The chain indexer has not reported a status yet')}
        </Typography>
      )}
    </Paper>
  );
}

/**
 * At the top of the screens that show what the indexer copies (Transaction List, Reserves): a
 * halted indexer (a reorganisation deeper than the bound) is an error an operator must act on,
 * and until then the list and the supply no longer follow the chain. Nothing otherwise.
 */
export function IndexerHaltedBanner() {
  const { t } = useTranslation();
  const status = useIndexerStatus().data?.indexer;
  if (status?.state !== 'halted') return null;
  return (
    <Alert severity="error" variant="filled" data-testid="indexer-halted-banner">
      <AlertTitle>{t('Chain indexing has stopped')}</AlertTitle>
      {t('{{error}}. Transfers and the supply no longer follow the chain until an operator restarts the indexer.', {
        error: status.lastError ?? t('Reason unknown'),
      })}
    </Alert>
  );
}
