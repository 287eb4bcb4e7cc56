import Chip from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import type { RedemptionLimitListResponse } from '@gold/contract';
import { QueryState } from '@/components/query-state';
import { formatDateTime, orDash } from '@/lib/format';
import { useRedemptionLimits } from '../api/get-redemption-limits';

/** Every limit set, newest first (the server's last record, the current one, on top and marked). */
export function RedemptionLimitTable() {
  const { t } = useTranslation();
  const limits = useRedemptionLimits();
  return (
    <QueryState query={limits} isEmpty={(data) => data.data.length === 0} empty={t('No limit has been set yet.')}>
      {({ data: records }) => <LimitRecords records={records} />}
    </QueryState>
  );
}

function LimitRecords({ records }: { records: RedemptionLimitListResponse['data'] }) {
  const { t } = useTranslation();
  const newestFirst = [...records].reverse();
  return (
    <TableContainer component={Paper} variant="outlined">
      <Table size="small" aria-label={t('Redemption limit list')}>
        <TableHead>
          <TableRow>
            <TableCell>No</TableCell>
            <TableCell>{t('Limit')}</TableCell>
            <TableCell>{t('Set By')}</TableCell>
            <TableCell>{t('Date')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {newestFirst.map((record, index) => (
            <TableRow key={record.id}>
              <TableCell>{records.length - index}</TableCell>
              <TableCell>
                {`${record.gidrlimit}gr`}
                {index === 0 ? <Chip size="small" label={t('Current')} color="success" sx={{ ml: 1 }} /> : null}
              </TableCell>
              <TableCell>{orDash(record.setBy?.fullName)}</TableCell>
              <TableCell>{formatDateTime(record.createdAt)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
