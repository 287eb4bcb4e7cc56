import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import type { UserDetail as User } from '@gold/contract';
import { paths } from '@/config/paths';
import { isApiError } from '@/lib/api-client';
import { useProductSymbol } from '@/lib/app-config';
import { formatDate, formatDateTime, MISSING, orDash } from '@/lib/format';
import { useBalances } from '../api/get-balances';
import { useUser } from '../api/get-user';
import { balanceState } from '../lib/balance-states';
import { genderLabel } from '../lib/gender';
import { walletsToRead } from '../lib/wallets';
import { BalanceValue } from './balance-value';
import { FieldList, type Field } from '@/components/ui/field-list';
import { KycStatusChip } from './kyc-status-chip';
import { WalletAddress } from './wallet-address';

/** The customer's wallet: `Wallet.publicAddress` when the wallet record exists, else the address on the customer. */
function walletOf(user: User): string | null {
  return user.Wallet?.publicAddress ?? user.walletAddress;
}

function BackToList() {
  return (
    <Button component={RouterLink} to={paths.app.users.getHref()} sx={{ alignSelf: 'flex-start' }}>
      Back to User List
    </Button>
  );
}

/** The customer's fields, read-only, with the wallet's balances read from the chain. */
function UserFields({ user }: { user: User }) {
  const product = useProductSymbol();
  const wallet = walletOf(user);
  const balances = useBalances(walletsToRead([wallet]));
  const fields: Field[] = [
    { label: 'NIK', value: orDash(user.nik) },
    { label: 'Fullname', value: orDash(user.fullName) },
    { label: 'Email', value: orDash(user.email) },
    { label: 'Email Status', value: user.emailStatus === 'VERIFIED' ? 'VERIFIED' : 'Unverified' },
    { label: 'Phone', value: orDash(user.phoneNumber) },
    { label: 'Date of Birth', value: formatDate(user.dob) },
    { label: 'Gender', value: genderLabel(user.gender) },
    { label: 'Address', value: orDash(user.address) },
    { label: 'Province', value: orDash(user.province) },
    { label: 'Public Wallet Address', value: <WalletAddress address={wallet} full /> },
    {
      label: `${product} Balance`,
      value: <BalanceValue state={balanceState(balances, wallet, 'token')} label={`${product} balance`} />,
    },
    { label: 'Polygon Balance', value: <BalanceValue state={balanceState(balances, wallet, 'native')} label="POL balance" /> },
    { label: 'KYC Status', value: <KycStatusChip status={user.ekycStatus} /> },
  ];
  // The reference of the KYC provider's SUCCESS notification (the server picks the newest one).
  if (user.ekycStatus === 'VERIFIED') fields.push({ label: 'KYC Reference ID', value: user.kycReferenceNumber ?? MISSING });
  fields.push({ label: 'Registered', value: formatDateTime(user.createdAt) });
  return <FieldList fields={fields} />;
}

function errorText(error: unknown): string {
  return isApiError(error) ? error.message : 'The server sent an answer the console cannot read.';
}

/** /user-list/:id: one customer read-only; a clear message and a way back for an unknown one. */
export function UserDetail({ id }: { id: number | null }) {
  const user = useUser(id ?? 0, { enabled: id !== null });
  const notFound = id === null || isApiError(user.error, 404);

  let body;
  if (user.data) {
    body = <UserFields user={user.data} />;
  } else if (notFound) {
    body = (
      <Alert severity="warning">
        {id === null ? 'There is no user at this address' : errorText(user.error)}. The link may be mistyped, or the user no longer exists.
      </Alert>
    );
  } else if (user.isError && !isApiError(user.error, 401)) {
    body = (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => void user.refetch()}>
            Retry
          </Button>
        }
      >
        {errorText(user.error)}
      </Alert>
    );
  } else {
    body = (
      <Stack direction="row" spacing={1.5} role="status" sx={{ alignItems: 'center' }}>
        <CircularProgress size={20} aria-hidden />
        <Typography>Loading...</Typography>
      </Stack>
    );
  }

  return (
    <Stack spacing={2}>
      <Paper variant="outlined" component="section" aria-labelledby="user-detail-heading" sx={{ p: { xs: 2, md: 3 } }}>
        <Stack spacing={2}>
          <Typography id="user-detail-heading" variant="h2">
            {user.data ? orDash(user.data.fullName) : id === null ? 'User' : `User ${id}`}
          </Typography>
          {body}
        </Stack>
      </Paper>
      <BackToList />
    </Stack>
  );
}
