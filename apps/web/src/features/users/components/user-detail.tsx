import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { CustomerDetail as User } from '@gold/contract';
import { paths } from '@/config/paths';
import { QueryState } from '@/components/query-state';
import { errorMessage, isApiError } from '@/lib/api-client';
import { useProductSymbol } from '@/lib/app-config';
import { formatDate, formatDateTime, MISSING, orDash } from '@/lib/format';
import { translateServerMessage } from '@/lib/i18n';
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
  const { t } = useTranslation();
  return (
    <Button component={RouterLink} to={paths.app.users.getHref()} sx={{ alignSelf: 'flex-start' }}>
      {t('Back to User List')}
    </Button>
  );
}

/** The customer's fields, read-only, with the wallet's balances read from the chain. */
function UserFields({ user }: { user: User }) {
  const { t } = useTranslation();
  const product = useProductSymbol();
  const wallet = walletOf(user);
  const balances = useBalances(walletsToRead([wallet]));
  const fields: Field[] = [
    { label: t('NIK'), value: orDash(user.nik) },
    { label: t('Fullname'), value: orDash(user.fullName) },
    { label: t('Email'), value: orDash(user.email) },
    { label: t('Email Status'), value: user.emailStatus === 'VERIFIED' ? t('VERIFIED') : t('Unverified') },
    { label: t('Phone'), value: orDash(user.phoneNumber) },
    { label: t('Date of Birth'), value: formatDate(user.dob) },
    { label: t('Gender'), value: t(genderLabel(user.gender)) },
    { label: t('Address'), value: orDash(user.address) },
    { label: t('Province'), value: orDash(user.province) },
    { label: t('Public Wallet Address'), value: <WalletAddress address={wallet} full /> },
    {
      label: t('{{product}} Balance', { product }),
      value: <BalanceValue state={balanceState(balances, wallet, 'token')} label={t('{{product}} balance', { product })} />,
    },
    { label: t('Polygon Balance'), value: <BalanceValue state={balanceState(balances, wallet, 'native')} label={t('POL balance')} /> },
    { label: t('KYC Status'), value: <KycStatusChip status={user.ekycStatus} /> },
  ];
  // The reference of the KYC provider's SUCCESS notification (the server picks the newest one).
  if (user.ekycStatus === 'VERIFIED') fields.push({ label: t('KYC Reference ID'), value: user.kycReferenceNumber ?? MISSING });
  fields.push({ label: t('Registered'), value: formatDateTime(user.createdAt) });
  return <FieldList fields={fields} />;
}

/** /user-list/:id: one customer read-only; a clear message and a way back for an unknown one. */
export function CustomerDetail({ id }: { id: number | null }) {
  const { t } = useTranslation();
  const user = useUser(id ?? 0, { enabled: id !== null });
  const notFound = id === null || (!user.data && isApiError(user.error, 404));

  const body = notFound ? (
    <Alert severity="warning">
      {t('{{reason}}. The link may be mistyped, or the user no longer exists.', {
        reason: id === null ? t('There is no user at this address') : translateServerMessage(errorMessage(user.error)),
      })}
    </Alert>
  ) : (
    <QueryState query={user}>{(data) => <UserFields user={data} />}</QueryState>
  );

  return (
    <Stack spacing={2}>
      <Paper variant="outlined" component="section" aria-labelledby="user-detail-heading" sx={{ p: { xs: 2, md: 3 } }}>
        <Stack spacing={2}>
          <Typography id="user-detail-heading" variant="h2">
            {user.data ? orDash(user.data.fullName) : id === null ? t('User') : t('User {{id}}', { id })}
          </Typography>
          {body}
        </Stack>
      </Paper>
      <BackToList />
    </Stack>
  );
}
