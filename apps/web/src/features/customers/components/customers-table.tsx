import { useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { customerListQuery, type CustomerListItem } from '@gold/contract';
import { defineList } from '@/components/data-grid/list-declaration';
import { paths } from '@/config/paths';
import { formatDate, orDash } from '@/lib/format';
import { useBalances } from '../api/get-balances';
import { customersList } from '../api/get-customers';
import { genderLabel } from '../lib/gender';
import { walletsToRead } from '../lib/wallets';
import { BalanceCell } from './balance-cell';
import { BalancesContext } from './balances-context';
import { KycStatusChip } from './kyc-status-chip';
import { CustomerDetailLink } from './customer-detail-link';
import { WalletAddress } from './wallet-address';

/** The {product} and POL balances of the page's wallets, read in one call for the balance cells. */
function PageBalances({ rows, children }: { rows: readonly CustomerListItem[]; children: ReactNode }) {
  // The rows shown: while the next page loads they are the previous page's, whose balances are cached.
  const wallets = useMemo(() => walletsToRead(rows.map((row) => row.walletAddress)), [rows]);
  return <BalancesContext value={useBalances(wallets)}>{children}</BalancesContext>;
}

/** A customer's gender in the console's language (a cell re-drawn when the language changes). */
function GenderText({ value }: { value: string | null }) {
  const { t } = useTranslation();
  return t(genderLabel(value));
}

/**
 * /user-list: customers paged, sorted and searched (name or e-mail) on the server, with their balances.
 * Texts are English keys: the list mechanism translates them where it draws them.
 */
export const customersTable = defineList({
  // Kept as it was: the admins' remembered column choices are stored under it.
  id: 'users',
  label: 'Users',
  query: customerListQuery,
  call: customersList,
  noun: { one: 'user', other: 'users' },
  errorTitle: 'Error fetching users',
  filters: [{ kind: 'text', name: 'search', label: 'Search user', placeholder: 'Name or e-mail' }],
  exportResource: 'users',
  detailHref: (row) => paths.app.customer.getHref(row.id),
  RowsProvider: PageBalances,
  columns: ({ product }) => [
    { field: 'fullName', headerName: 'Fullname', flex: 1, minWidth: 125 },
    { field: 'email', headerName: 'Email', flex: 1.3, minWidth: 140 },
    { field: 'dob', headerName: 'Date of Birth', width: 106, optional: 3, valueFormatter: (value: string | null) => formatDate(value) },
    { field: 'gender', headerName: 'Gender', width: 76, optional: 2, renderCell: ({ row }) => <GenderText value={row.gender} /> },
    { field: 'province', headerName: 'Province', width: 120, optional: 1, valueFormatter: (value: string | null) => orDash(value) },
    {
      field: 'walletAddress',
      headerName: 'Wallet Address',
      // The 20 characters and the whole copy button (at 200 px its right edge was cut off).
      width: 214,
      renderCell: ({ row, tabIndex }) => <WalletAddress address={row.walletAddress} tabIndex={tabIndex} />,
    },
    {
      field: 'tokenBalance',
      headerName: product,
      width: 96,
      align: 'right',
      headerAlign: 'right',
      renderCell: ({ row, tabIndex }) => <BalanceCell address={row.walletAddress} kind="token" tabIndex={tabIndex} />,
    },
    {
      field: 'polBalance',
      headerName: 'POL',
      width: 90,
      optional: 4,
      align: 'right',
      headerAlign: 'right',
      renderCell: ({ row, tabIndex }) => <BalanceCell address={row.walletAddress} kind="native" tabIndex={tabIndex} />,
    },
    // Room for the longest status whole in either language ('Belum Terverifikasi').
    { field: 'ekycStatus', headerName: 'KYC Status', width: 146, renderCell: ({ row }) => <KycStatusChip status={row.ekycStatus} /> },
    {
      field: 'createdAt',
      headerName: 'Registered',
      width: 114,
      sortingOrder: ['desc', 'asc'],
      valueFormatter: (value: string) => formatDate(value),
    },
    {
      field: 'detail',
      headerName: 'Detail',
      width: 62,
      hideable: false,
      renderCell: ({ row, tabIndex }) => <CustomerDetailLink id={row.id} fullName={row.fullName} tabIndex={tabIndex} />,
    },
  ],
});
