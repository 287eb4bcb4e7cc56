import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { redemptionListQuery } from '@gold/contract';
import { PREVIEW_ROWS } from '@/config/constants';
import { useProductSymbol } from '@/lib/app-config';
import { formatDate, formatTokenAmount, shorten } from '@/lib/format';
import { useRedemptions } from '../api/get-redemptions';
import { errorMessage } from '../lib/error-message';
import { RedemptionStatusChip } from './redemption-status-chip';

/** The newest 5 redemptions (the list's first page, shared with it in the cache). */
const latestQuery = redemptionListQuery.parse({ limit: PREVIEW_ROWS, page: 0 });

/** The dashboard's Latest Redemptions: No, Requester (20 characters), Request Date, Collection Date, Amount, Status. */
export function LatestRedemptionsTable({ labelledBy }: { labelledBy: string }) {
  const product = useProductSymbol();
  const redemptions = useRedemptions(latestQuery);
  if (redemptions.isError) {
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => void redemptions.refetch()}>
            Retry
          </Button>
        }
      >
        {errorMessage(redemptions.error)}
      </Alert>
    );
  }
  const rows = redemptions.data?.data;
  return (
    <TableContainer>
      <Table size="small" aria-labelledby={labelledBy}>
        <TableHead>
          <TableRow>
            <TableCell>No</TableCell>
            <TableCell>Requester</TableCell>
            <TableCell>Request Date</TableCell>
            <TableCell>Collection Date</TableCell>
            <TableCell align="right">{`Amount (${product})`}</TableCell>
            <TableCell>Status</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows
            ? rows.map((row, index) => (
                <TableRow key={row.id}>
                  <TableCell>{index + 1}</TableCell>
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
                <Typography color="text.secondary">No redemptions yet.</Typography>
              </TableCell>
            </TableRow>
          ) : null}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
