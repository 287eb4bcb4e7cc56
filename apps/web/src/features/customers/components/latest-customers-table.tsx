import Chip from '@mui/material/Chip';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { customerListQuery } from '@gold/contract';
import { QueryError } from '@/components/query-state';
import { PREVIEW_ROWS } from '@/config/constants';
import { formatDate, orDash, shorten } from '@/lib/format';
import { useListCall } from '@/lib/list-call';
import { customersList } from '../api/get-customers';
import { genderLabel } from '../lib/gender';

/** The newest customers: the User List's first page, newest first (one cache entry with it). */
const latestQuery = customerListQuery.parse({ limit: PREVIEW_ROWS, page: 0 });

/** The dashboard's Registered Users: the 5 newest customers, names cut to 20 characters, e-mail verified or not. */
export function LatestCustomersTable({ labelledBy }: { labelledBy: string }) {
  const { t } = useTranslation();
  const customers = useListCall(customersList, latestQuery);
  if (customers.isError) return <QueryError error={customers.error} onRetry={() => void customers.refetch()} />;
  const rows = customers.data?.data;
  return (
    <TableContainer>
      <Table size="small" aria-labelledby={labelledBy}>
        <TableHead>
          <TableRow>
            <TableCell>{t('Fullname')}</TableCell>
            <TableCell>{t('Email')}</TableCell>
            <TableCell>{t('Date of Birth')}</TableCell>
            <TableCell>{t('Gender')}</TableCell>
            <TableCell>{t('Province')}</TableCell>
            <TableCell>{t('Email Status')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows
            ? rows.map((customer) => (
                <TableRow key={customer.id}>
                  <TableCell title={customer.fullName}>{shorten(customer.fullName)}</TableCell>
                  <TableCell sx={{ overflowWrap: 'anywhere' }}>{customer.email}</TableCell>
                  <TableCell>{formatDate(customer.dob)}</TableCell>
                  <TableCell>{t(genderLabel(customer.gender))}</TableCell>
                  <TableCell>{orDash(customer.province)}</TableCell>
                  <TableCell>
                    {customer.emailStatus === 'VERIFIED' ? (
                      <Chip size="small" label={t('Verified')} color="success" />
                    ) : (
                      <Chip size="small" label={t('Unverified')} variant="outlined" />
                    )}
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
                <Typography color="text.secondary">{t('No users yet.')}</Typography>
              </TableCell>
            </TableRow>
          ) : null}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
