import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { CustomerDetail as Customer } from '@gold/contract';
import { paths } from '@/config/paths';
import { QueryState } from '@/components/query-state';
import { errorMessage, isApiError } from '@/lib/api-client';
import { useProductSymbol } from '@/lib/app-config';
import { formatDate, formatDateTime, MISSING, orDash } from '@/lib/format';
import { translateServerMessage } from '@/lib/i18n';
import { useBalances } from '../api/get-balances';
import { useCustomer } from '../api/get-customer';
import { balanceState } from '../lib/balance-states';
import { genderLabel } from '../lib/gender';
import { walletsToRead } from '../lib/wallets';
import { BalanceValue } from './balance-value';
import { FieldList, type Field } from '@/components/ui/field-list';
import { KycStatusChip } from './kyc-status-chip';
import { WalletAddress } from './wallet-address';

/** The customer's wallet: `Wallet.publicAddress` when the wallet record exists, else the address on the customer. */
function walletOf(customer: Customer): string | null {
  return customer.Wallet?.publicAddress ?? customer.walletAddress;
}

function BackToList() {
  const { t } = useTranslation();
  return (
    <Button component={RouterLink} to={paths.app.customers.getHref()} sx={{ alignSelf: 'flex-start' }}>
      {t('Back to User List')}
    </Button>
  );
}

/** The customer's fields, read-only, with the wallet's balances read from the chain. */
function CustomerFields({ customer }: { customer: Customer }) {
  const { t } = useTranslation();
  const product = useProductSymbol();
  const wallet = walletOf(customer);
  const balances = useBalances(walletsToRead([wallet]));
  const fields: Field[] = [
    { label: t('NIK'), value: orDash(customer.nik) },
    { label: t('Fullname'), value: orDash(customer.fullName) },
    { label: t('Email'), value: orDash(customer.email) },
    { label: t('Email Status'), value: customer.emailStatus === 'VERIFIED' ? t('VERIFIED') : t('Unverified') },
    { label: t('Phone'), value: orDash(customer.phoneNumber) },
    { label: t('Date of Birth'), value: formatDate(customer.dob) },
    { label: t('Gender'), value: t(genderLabel(customer.gender)) },
    { label: t('Address'), value: orDash(customer.address) },
    { label: t('Province'), value: orDash(customer.province) },
    { label: t('Public Wallet Address'), value: <WalletAddress address={wallet} full /> },
    {
      label: t('{{product}} Balance', { product }),
      value: <BalanceValue state={balanceState(balances, wallet, 'token')} label={t('{{product}} balance', { product })} />,
    },
    { label: t('Polygon Balance'), value: <BalanceValue state={balanceState(balances, wallet, 'native')} label={t('POL balance')} /> },
    { label: t('KYC Status'), value: <KycStatusChip status={customer.ekycStatus} /> },
  ];
  // The reference of the KYC provider's SUCCESS notification (the server picks the newest one).
  if (customer.ekycStatus === 'VERIFIED') fields.push({ label: t('KYC Reference ID'), value: customer.kycReferenceNumber ?? MISSING });
  fields.push({ label: t('Registered'), value: formatDateTime(customer.createdAt) });
  return <FieldList fields={fields} />;
}

/** /user-list/:id: one customer read-only; a clear message and a way back for an unknown one. */
export function CustomerDetail({ id }: { id: number | null }) {
  const { t } = useTranslation();
  const customer = useCustomer(id ?? 0, { enabled: id !== null });
  const notFound = id === null || (!customer.data && isApiError(customer.error, 404));

  const body = notFound ? (
    <Alert severity="warning">
      {t('{{reason}}. The link may be mistyped, or the user no longer exists.', {
        reason: id === null ? t('There is no user at this address') : translateServerMessage(errorMessage(customer.error)),
      })}
    </Alert>
  ) : (
    <QueryState query={customer}>{(data) => <CustomerFields customer={data} />}</QueryState>
  );

  return (
    <Stack spacing={2}>
      <Paper variant="outlined" component="section" aria-labelledby="customer-detail-heading" sx={{ p: { xs: 2, md: 3 } }}>
        <Stack spacing={2}>
          <Typography id="customer-detail-heading" variant="h2">
            {customer.data ? orDash(customer.data.fullName) : id === null ? t('User') : t('User {{id}}', { id })}
          </Typography>
          {body}
        </Stack>
      </Paper>
      <BackToList />
    </Stack>
  );
}
