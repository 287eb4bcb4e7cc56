import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { PREVIEW_ROWS } from '@/config/constants';
import { formatDate, orDash, shorten } from '@/lib/format';
import { useLatestUsers } from '../api/get-latest-users';
import { errorMessage } from '../lib/error-message';

const genderLabels: Record<string, string> = { MALE: 'Male', FEMALE: 'Female' };

/** The dashboard's Registered Users: the 5 newest customers, names cut to 20 characters, e-mail verified or not. */
export function LatestUsersTable({ labelledBy }: { labelledBy: string }) {
  const users = useLatestUsers();
  if (users.isError) {
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => void users.refetch()}>
            Retry
          </Button>
        }
      >
        {errorMessage(users.error)}
      </Alert>
    );
  }
  const rows = users.data?.data;
  return (
    <TableContainer>
      <Table size="small" aria-labelledby={labelledBy}>
        <TableHead>
          <TableRow>
            <TableCell>Fullname</TableCell>
            <TableCell>Email</TableCell>
            <TableCell>Date of Birth</TableCell>
            <TableCell>Gender</TableCell>
            <TableCell>Province</TableCell>
            <TableCell>Email Status</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows
            ? rows.map((user) => (
                <TableRow key={user.id}>
                  <TableCell title={user.fullName}>{shorten(user.fullName)}</TableCell>
                  <TableCell sx={{ overflowWrap: 'anywhere' }}>{user.email}</TableCell>
                  <TableCell>{formatDate(user.dob)}</TableCell>
                  <TableCell>{user.gender ? (genderLabels[user.gender] ?? user.gender) : orDash(null)}</TableCell>
                  <TableCell>{orDash(user.province)}</TableCell>
                  <TableCell>
                    {user.emailStatus === 'VERIFIED' ? (
                      <Chip size="small" label="Verified" color="success" />
                    ) : (
                      <Chip size="small" label="Unverified" variant="outlined" />
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
                <Typography color="text.secondary">No users yet.</Typography>
              </TableCell>
            </TableRow>
          ) : null}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
