import { useMemo } from 'react';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import VisibilityOutlinedIcon from '@mui/icons-material/VisibilityOutlined';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { adminListQuery, type AdminListItem, type AdminListQuery } from '@gold/contract';
import { defineList } from '@/components/data-grid/list-declaration';
import { ListTable } from '@/components/data-grid/list-table/list-table';
import type { List } from '@/components/data-grid/use-list';
import { paths } from '@/config/paths';
import { formatDate, formatDateTime, orDash } from '@/lib/format';
import { i18n } from '@/lib/i18n';
import { adminsList } from '../api/get-admins';
import { AdminStatusChip } from './admin-status-chip';
import { useDeleteAdminAction } from './delete-admin';
import { usePermission } from '@/lib/permissions';

/** 'On' or 'Off', in the console's language (a cell re-drawn when the language changes). */
function OnOff({ on }: { on: boolean }) {
  const { t } = useTranslation();
  return on ? t('On') : t('Off');
}

/** View and (not for yourself) Delete, named after the row's admin. */
function RowActions({ row, tabIndex, actions }: { row: AdminListItem; tabIndex: -1 | 0; actions: AdminRowActions }) {
  const { t } = useTranslation();
  const view = t('View {{name}}', { name: row.fullName });
  const remove = t('Delete {{name}}', { name: row.fullName });
  const mayManage = usePermission('admins');
  return (
    <Stack direction="row" sx={{ alignItems: 'center', height: '100%' }}>
      <Tooltip title={view}>
        <IconButton
          component={RouterLink}
          to={paths.app.admin.getHref(row.id)}
          size="small"
          color="primary"
          tabIndex={tabIndex}
          aria-label={view}
        >
          <VisibilityOutlinedIcon fontSize="small" />
        </IconButton>
      </Tooltip>
      {row.id === actions.signedInAdminId || !mayManage ? null : (
        <Tooltip title={remove}>
          <IconButton size="small" color="error" tabIndex={tabIndex} aria-label={remove} onClick={() => actions.askDelete(row)}>
            <DeleteOutlineIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      )}
    </Stack>
  );
}

interface AdminRowActions {
  /** Nobody deletes themselves: that row has no delete button. */
  signedInAdminId: number | undefined;
  askDelete: (admin: AdminListItem) => void;
}

/**
 * /admin-list: admins paged, sorted and searched (name or e-mail) on the server; view and delete
 * per row (not yourself).
 */
export const adminsTable = defineList<AdminListQuery, AdminListItem, AdminRowActions>({
  id: 'admins',
  label: 'Admins',
  query: adminListQuery,
  call: adminsList,
  noun: { one: 'admin', other: 'admins' },
  errorTitle: 'Error fetching admins',
  filters: [{ kind: 'text', name: 'search', label: 'Search admin', placeholder: 'Name or e-mail' }],
  detailHref: (row) => paths.app.admin.getHref(row.id),
  columns: ({ signedInAdminId, askDelete }) => [
    { field: 'fullName', headerName: 'Fullname', flex: 1, minWidth: 140 },
    { field: 'email', headerName: 'Email', flex: 1.2, minWidth: 160 },
    { field: 'phoneNumber', headerName: 'Phone', width: 140, optional: 1, valueFormatter: (value: string | null) => orDash(value) },
    { field: 'type', headerName: 'Role', width: 120, valueFormatter: (value: string) => i18n.t(value) },
    { field: 'locationCode', headerName: 'Location', width: 100, optional: 2, valueFormatter: (value: string | null) => orDash(value) },
    { field: 'status', headerName: 'Status', width: 110, renderCell: ({ row }) => <AdminStatusChip status={row.status} /> },
    {
      field: 'twoFactorEnabled',
      headerName: 'Two-factor',
      width: 96,
      optional: 2,
      renderCell: ({ row }) => <OnOff on={row.twoFactorEnabled} />,
    },
    {
      field: 'lastSignInAt',
      headerName: 'Last Sign-in',
      width: 170,
      optional: 3,
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
      hideable: false,
      renderCell: ({ row, tabIndex }) => <RowActions row={row} tabIndex={tabIndex} actions={{ signedInAdminId, askDelete }} />,
    },
  ],
});

interface AdminsTableProps {
  /** The screen's list (`useList(adminsTable)`). */
  list: List<AdminListQuery, AdminListItem, typeof adminsTable>;
  signedInAdminId: number | undefined;
}

/** The admins list with its delete confirmation and outcome dialogs. */
export function AdminsTable({ list, signedInAdminId }: AdminsTableProps) {
  const removal = useDeleteAdminAction();
  const context = useMemo(() => ({ signedInAdminId, askDelete: removal.ask }), [signedInAdminId, removal.ask]);
  return (
    <>
      <ListTable list={list} context={context} />
      {removal.dialogs}
    </>
  );
}
