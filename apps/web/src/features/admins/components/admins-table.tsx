import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import VisibilityOutlinedIcon from '@mui/icons-material/VisibilityOutlined';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import type { GridColDef } from '@mui/x-data-grid';
import { useMemo } from 'react';
import { Link as RouterLink } from 'react-router';
import { adminListQuery, type AdminListItem } from '@gold/contract';
import { ServerDataGrid } from '@/components/data-grid/server-data-grid';
import { paths } from '@/config/paths';
import { useListUrlState } from '@/hooks/use-list-url-state';
import { formatDate, formatDateTime, orDash } from '@/lib/format';
import { useAdmins } from '../api/get-admins';
import { AdminStatusChip } from './admin-status-chip';
import { useDeleteAdminAction } from './delete-admin';

function columnsFor(signedInAdminId: number | undefined, askDelete: (admin: AdminListItem) => void): GridColDef<AdminListItem>[] {
  return [
    { field: 'fullName', headerName: 'Fullname', flex: 1, minWidth: 140 },
    { field: 'email', headerName: 'Email', flex: 1.2, minWidth: 160 },
    { field: 'phoneNumber', headerName: 'Phone', width: 140, valueFormatter: (value: string | null) => orDash(value) },
    { field: 'type', headerName: 'Role', width: 120 },
    { field: 'status', headerName: 'Status', width: 110, renderCell: ({ row }) => <AdminStatusChip status={row.status} /> },
    {
      field: 'twoFactorEnabled',
      headerName: 'Two-factor',
      width: 96,
      valueFormatter: (value: boolean) => (value ? 'On' : 'Off'),
    },
    {
      field: 'lastSignInAt',
      headerName: 'Last Sign-in',
      width: 170,
      valueFormatter: (value: string | null) => formatDateTime(value),
    },
    {
      field: 'createdAt',
      headerName: 'Registered',
      width: 110,
      sortingOrder: ['desc', 'asc'],
      valueFormatter: (value: string) => formatDate(value),
    },
    {
      field: 'actions',
      headerName: 'Actions',
      width: 92,
      renderCell: ({ row, tabIndex }) => (
        <Stack direction="row" sx={{ alignItems: 'center', height: '100%' }}>
          <Tooltip title={`View ${row.fullName}`}>
            <IconButton
              component={RouterLink}
              to={paths.app.admin.getHref(row.id)}
              size="small"
              color="primary"
              tabIndex={tabIndex}
              aria-label={`View ${row.fullName}`}
            >
              <VisibilityOutlinedIcon fontSize="small" />
            </IconButton>
          </Tooltip>
          {row.id === signedInAdminId ? null : (
            <Tooltip title={`Delete ${row.fullName}`}>
              <IconButton
                size="small"
                color="error"
                tabIndex={tabIndex}
                aria-label={`Delete ${row.fullName}`}
                onClick={() => askDelete(row)}
              >
                <DeleteOutlineIcon fontSize="small" />
              </IconButton>
            </Tooltip>
          )}
        </Stack>
      ),
    },
  ];
}

/** /admin-list's table: admins paged, sorted and searched (name or e-mail) on the server; view and delete per row (not yourself). */
export function AdminsTable({ signedInAdminId }: { signedInAdminId: number | undefined }) {
  const list = useListUrlState(adminListQuery);
  const admins = useAdmins(list.query);
  const removal = useDeleteAdminAction();
  const columns = useMemo(() => columnsFor(signedInAdminId, removal.ask), [signedInAdminId, removal.ask]);
  return (
    <>
      <ServerDataGrid
        label="Admins"
        columns={columns}
        list={list}
        result={admins}
        searchLabel="Search admin"
        searchPlaceholder="Name or e-mail"
        noun={{ one: 'admin', other: 'admins' }}
        errorTitle="Error fetching admins"
      />
      {removal.dialogs}
    </>
  );
}
