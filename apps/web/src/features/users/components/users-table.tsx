import { useMemo } from 'react';
import type { GridColDef } from '@mui/x-data-grid';
import { userListQuery, type UserListItem } from '@gold/contract';
import { ServerDataGrid } from '@/components/data-grid/server-data-grid';
import { useListUrlState } from '@/hooks/use-list-url-state';
import { useProductSymbol } from '@/lib/app-config';
import { formatDate, orDash } from '@/lib/format';
import { useBalances } from '../api/get-balances';
import { useUsers } from '../api/get-users';
import { genderLabel } from '../lib/gender';
import { walletsToRead } from '../lib/wallets';
import { BalanceCell } from './balance-cell';
import { BalancesContext } from './balances-context';
import { KycStatusChip } from './kyc-status-chip';
import { UserDetailLink } from './user-detail-link';
import { WalletAddress } from './wallet-address';

/** The spec's columns; the grid makes those in the contract's sort whitelist sortable. */
const columns = (product: string): GridColDef<UserListItem>[] => [
  { field: 'fullName', headerName: 'Fullname', flex: 1, minWidth: 125 },
  { field: 'email', headerName: 'Email', flex: 1.3, minWidth: 140 },
  { field: 'dob', headerName: 'Date of Birth', width: 106, valueFormatter: (value: string | null) => formatDate(value) },
  {
    field: 'gender',
    headerName: 'Gender',
    width: 76,
    valueFormatter: (value: string | null) => genderLabel(value),
  },
  { field: 'province', headerName: 'Province', width: 120, valueFormatter: (value: string | null) => orDash(value) },
  {
    field: 'walletAddress',
    headerName: 'Wallet Address',
    width: 200,
    renderCell: ({ row, tabIndex }) => <WalletAddress address={row.walletAddress} tabIndex={tabIndex} />,
  },
  {
    field: 'tokenBalance',
    headerName: product,
    width: 104,
    align: 'right',
    headerAlign: 'right',
    renderCell: ({ row, tabIndex }) => (
      <BalanceCell address={row.walletAddress} kind="token" label={`${product} balance`} tabIndex={tabIndex} />
    ),
  },
  {
    field: 'polBalance',
    headerName: 'POL',
    width: 90,
    align: 'right',
    headerAlign: 'right',
    renderCell: ({ row, tabIndex }) => <BalanceCell address={row.walletAddress} kind="native" label="POL balance" tabIndex={tabIndex} />,
  },
  { field: 'ekycStatus', headerName: 'KYC Status', width: 104, renderCell: ({ row }) => <KycStatusChip status={row.ekycStatus} /> },
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
    renderCell: ({ row, tabIndex }) => <UserDetailLink id={row.id} fullName={row.fullName} tabIndex={tabIndex} />,
  },
];

/**
 * /user-list's table: customers paged, sorted and searched (name or e-mail) on the server, and the
 * {product} and POL balances of the page's wallets read in one call.
 */
export function UsersTable() {
  const product = useProductSymbol();
  const list = useListUrlState(userListQuery);
  const users = useUsers(list.query);
  const gridColumns = useMemo(() => columns(product), [product]);
  // The rows shown: while the next page loads they are the previous page's, whose balances are cached.
  const rows = users.data?.data;
  const wallets = useMemo(() => walletsToRead(rows?.map((row) => row.walletAddress) ?? []), [rows]);
  const balances = useBalances(wallets);
  return (
    <BalancesContext value={balances}>
      <ServerDataGrid
        label="Users"
        columns={gridColumns}
        list={list}
        result={users}
        searchLabel="Search user"
        searchPlaceholder="Name or e-mail"
        noun={{ one: 'user', other: 'users' }}
        errorTitle="Error fetching users"
      />
    </BalancesContext>
  );
}
