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
import { usersList } from '../api/get-users';
import { genderLabel } from '../lib/gender';

/** The newest customers: the User List's first page, newest first (one cache entry with it). */
const latestQuery = customerListQuery.parse({ limit: PREVIEW_ROWS, page: 0 });

/** The dashboard's Registered Users: the 5 newest customers, names cut to 20 characters, e-mail verified or not. */
export function LatestUsersTable({ labelledBy }: { labelledBy: string }) {
  const { t } = useTranslation();
  const users = useListCall(usersList, latestQuery);
  if (users.isError) return <QueryError error={users.error} onRetry={() => void users.refetch()} />;
  const rows = users.data?.data;
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
            ? rows.map((user) => (
                <TableRow key={user.id}>
                  <TableCell title={user.fullName}>{shorten(user.fullName)}</TableCell>
                  <TableCell sx={{ overflowWrap: 'anywhere' }}>{user.email}</TableCell>
                  <TableCell>{formatDate(user.dob)}</TableCell>
                  <TableCell>{t(genderLabel(user.gender))}</TableCell>
                  <TableCell>{orDash(user.province)}</TableCell>
                  <TableCell>
                    {user.emailStatus === 'VERIFIED' ? (
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
