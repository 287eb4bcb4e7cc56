import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { RedemptionSettlement } from '@gold/contract';
import { QueryState } from '@/components/query-state';
import { formatTokenAmount, orDash } from '@/lib/format';
import { useRedemptionSettlement } from '../api/get-redemption-settlement';
import { ChainStateChip, chainTransactionKindLabels, TxHashLink } from './settlement-labels';

function Escrow({ escrow }: { escrow: RedemptionSettlement['escrow'] }) {
  const { t } = useTranslation();
  if (!escrow) return <Typography variant="body2">{t('No escrow deposit of the customer’s tokens yet.')}</Typography>;
  const release = escrow.release === 'burn' ? t('released for burning') : escrow.release === 'refund' ? t('refunded') : t('held');
  return (
    <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }} data-testid="settlement-escrow">
      <Typography variant="body2">{t('Escrow of {{amount}}', { amount: formatTokenAmount(escrow.amount) })}</Typography>
      <TxHashLink hash={escrow.txhash} />
      <Chip size="small" color={escrow.final ? 'success' : 'warning'} variant="outlined" label={escrow.final ? t('Final') : t('Pending')} />
      <Typography variant="body2" color="text.secondary">
        {release}
      </Typography>
    </Stack>
  );
}

function Transactions({ rows }: { rows: RedemptionSettlement['transactions'] }) {
  const { t } = useTranslation();
  if (rows.length === 0) return <Typography variant="body2">{t('Nothing signed for it yet.')}</Typography>;
  return (
    <Table size="small" aria-label={t('Settlement transactions')}>
      <TableHead>
        <TableRow>
          <TableCell>{t('Kind')}</TableCell>
          <TableCell>{t('State')}</TableCell>
          <TableCell align="right">{t('Amount')}</TableCell>
          <TableCell>{t('Transaction Hash')}</TableCell>
          <TableCell>{t('Last Error')}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {rows.map((row) => (
          <TableRow key={row.id}>
            <TableCell>{t(chainTransactionKindLabels[row.kind])}</TableCell>
            <TableCell>
              <ChainStateChip state={row.state} />
            </TableCell>
            <TableCell align="right">{formatTokenAmount(row.amount)}</TableCell>
            <TableCell>
              <TxHashLink hash={row.txHash} />
            </TableCell>
            <TableCell>{orDash(row.lastError)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/** On a redemption's page: the escrow that holds its tokens (pending or final) and the burn, fee and refund signed for it. */
export function RedemptionSettlementCard({ id }: { id: number }) {
  const { t } = useTranslation();
  const settlement = useRedemptionSettlement(id);
  return (
    <Paper variant="outlined" component="section" aria-labelledby="redemption-settlement-heading" sx={{ p: { xs: 2, md: 3 } }}>
      <Stack spacing={2}>
        <Typography id="redemption-settlement-heading" variant="h3" component="h3">
          {t('Settlement')}
        </Typography>
        <QueryState query={settlement}>
          {(data) => (
            <Stack spacing={2}>
              <Escrow escrow={data.escrow} />
              <Transactions rows={data.transactions} />
            </Stack>
          )}
        </QueryState>
      </Stack>
    </Paper>
  );
}
