import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { redemptionListQuery } from '@gold/contract';
import { QueryError } from '@/components/query-state';
import { PREVIEW_ROWS } from '@/config/constants';
import { useProductSymbol } from '@/lib/app-config';
import { formatDate, formatTokenAmount, shorten } from '@/lib/format';
import { useListCall } from '@/lib/list-call';
import { redemptionsList } from '../api/get-redemptions';
import { RedemptionStatusChip } from './redemption-status-chip';

/** The newest 5 redemptions (the list's first page, shared with it in the cache). */
const latestQuery = redemptionListQuery.parse({ limit: PREVIEW_ROWS, page: 0 });

/** The dashboard's Latest Redemptions: No, Requester (20 characters), Request Date, Collection Date, Amount, Status. */
export function LatestRedemptionsTable({ labelledBy }: { labelledBy: string }) {
  const { t } = useTranslation();
  const product = useProductSymbol();
  const redemptions = useListCall(redemptionsList, latestQuery);
  if (redemptions.isError) return <QueryError error={redemptions.error} onRetry={() => void redemptions.refetch()} />;
  const rows = redemptions.data?.data;
  return (
    <TableContainer>
      <Table size="small" aria-labelledby={labelledBy}>
        <TableHead>
          <TableRow>
            <TableCell>No</TableCell>
            <TableCell>{t('Requester')}</TableCell>
            <TableCell>{t('Request Date')}</TableCell>
            <TableCell>{t('Collection Date')}</TableCell>
            <TableCell align="right">{t('Amount ({{product}})', { product })}</TableCell>
            <TableCell>{t('Status')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows
            ? rows.map((row) => (
                <TableRow key={row.id}>
                  <TableCell>{row.no}</TableCell>
                  <TableCell title={row.user.fullName}>{shorten(row.user.fullName)}</TableCell>
                  <TableCell>{formatDate(row.createdAt)}</TableCell>
                  <TableCell>{formatDate(row.appointmentDate)}</TableCell>
                  <TableCell align="right">{formatTokenAmount(row.total)}</TableCell>
                  <TableCell>
                    <RedemptionStatusChip status={row.status} />
                  </TableCell>
                </TableRow>
              ))
            : Array.from({ length: PREVIEW_ROWS }, (_, index) => (
                <TableRow key={index} aria-hidden>
                  <TableCell colSpan={6}>
                    <Skeleton />
                  </TableCell>
                </TableRow>
              ))}
          {rows?.length === 0 ? (
            <TableRow>
              <TableCell colSpan={6}>
                <Typography color="text.secondary">{t('No redemptions yet.')}</Typography>
              </TableCell>
            </TableRow>
          ) : null}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
