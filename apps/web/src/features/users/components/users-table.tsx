import VisibilityOutlinedIcon from '@mui/icons-material/VisibilityOutlined';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import type { GridColDef } from '@mui/x-data-grid';
import { Link as RouterLink } from 'react-router';
import { userListQuery, type UserListItem } from '@gold/contract';
import { ServerDataGrid } from '@/components/data-grid/server-data-grid';
import { paths } from '@/config/paths';
import { useListUrlState } from '@/hooks/use-list-url-state';
import { formatDate, MISSING, orDash } from '@/lib/format';
import { useUsers } from '../api/get-users';
import { KycStatusChip } from './kyc-status-chip';
import { WalletAddress } from './wallet-address';

const genderLabels: Record<string, string> = { MALE: 'Male', FEMALE: 'Female' };

/** The spec's columns; the grid makes those in the contract's sort whitelist sortable. */
const columns: GridColDef<UserListItem>[] = [
  { field: 'fullName', headerName: 'Fullname', flex: 1, minWidth: 125 },
  { field: 'email', headerName: 'Email', flex: 1.3, minWidth: 140 },
  { field: 'dob', headerName: 'Date of Birth', width: 106, valueFormatter: (value: string | null) => formatDate(value) },
  {
    field: 'gender',
    headerName: 'Gender',
    width: 76,
    valueFormatter: (value: string | null) => (value ? (genderLabels[value] ?? value) : MISSING),
  },
  { field: 'province', headerName: 'Province', width: 120, valueFormatter: (value: string | null) => orDash(value) },
  {
    field: 'walletAddress',
    headerName: 'Wallet Address',
    width: 200,
    renderCell: ({ row, tabIndex }) => <WalletAddress address={row.walletAddress} tabIndex={tabIndex} />,
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
    renderCell: ({ row, tabIndex }) => (
      <Tooltip title={`View ${row.fullName}`}>
        <IconButton
          component={RouterLink}
          to={paths.app.user.getHref(row.id)}
          size="small"
          color="primary"
          tabIndex={tabIndex}
          aria-label={`View ${row.fullName}`}
        >
          <VisibilityOutlinedIcon fontSize="small" />
        </IconButton>
      </Tooltip>
    ),
  },
];

/** /user-list's table: customers paged, sorted and searched (name or e-mail) on the server. */
export function UsersTable() {
  const list = useListUrlState(userListQuery);
  const users = useUsers(list.query);
  return (
    <ServerDataGrid
      label="Users"
      columns={columns}
      list={list}
      result={users}
      searchLabel="Search user"
      searchPlaceholder="Name or e-mail"
      noun={{ one: 'user', other: 'users' }}
      errorTitle="Error fetching users"
    />
  );
}
