import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { GridColDef } from '@mui/x-data-grid';
import { auditListQuery, type AuditEntry } from '@gold/contract';
import { ServerDataGrid } from '@/components/data-grid/server-data-grid';
import { useListUrlState } from '@/hooks/use-list-url-state';
import { formatDateTime, orDash } from '@/lib/format';
import { useAudit } from '../api/get-audit';
import { actionLabel, changeOf, targetOf } from '../lib/describe-entry';
import { AuditFilters } from './audit-filters';

const twoLines = { display: 'flex', flexDirection: 'column', justifyContent: 'center', height: '100%', lineHeight: 1.3 } as const;

const columns: GridColDef<AuditEntry>[] = [
  {
    field: 'occurredAt',
    headerName: 'Time',
    width: 170,
    sortingOrder: ['desc', 'asc'],
    valueFormatter: (value: string) => formatDateTime(value),
  },
  {
    field: 'admin',
    headerName: 'Admin',
    flex: 1,
    minWidth: 170,
    renderCell: ({ row }) =>
      row.admin ? (
        <Stack sx={twoLines}>
          <span>{row.admin.fullName}</span>
          <Typography variant="caption" color="text.secondary">
            {row.admin.email}
          </Typography>
        </Stack>
      ) : (
        <Typography variant="body2" color="text.secondary" sx={twoLines}>
          {row.action === 'contact.submit' ? 'Website visitor' : 'System'}
        </Typography>
      ),
  },
  {
    field: 'action',
    headerName: 'Action',
    width: 190,
    renderCell: ({ row }) => (
      <Stack sx={twoLines}>
        <span>{actionLabel(row.action)}</span>
        <Typography variant="caption" color="text.secondary">
          {row.action}
        </Typography>
      </Stack>
    ),
  },
  { field: 'entity', headerName: 'Target', width: 150, valueGetter: (_value, row) => targetOf(row) },
  {
    field: 'change',
    headerName: 'Before / After',
    flex: 1.6,
    minWidth: 220,
    valueGetter: (_value, row) => changeOf(row),
    // Two lines at most, cut with an ellipsis; the whole change is the cell's title.
    renderCell: ({ value }) => (
      <Stack sx={twoLines}>
        <Typography
          variant="body2"
          title={String(value)}
          sx={{ display: '-webkit-box', WebkitLineClamp: 2, WebkitBoxOrient: 'vertical', whiteSpace: 'normal', overflow: 'hidden' }}
        >
          {String(value)}
        </Typography>
      </Stack>
    ),
  },
  { field: 'ipAddress', headerName: 'Address', width: 130, valueFormatter: (value: string | null) => orDash(value) },
];

/** /audit-log's table: the append-only log, newest first, paged and filtered on the server (admin, action, WIB days). */
export function AuditTable() {
  const list = useListUrlState(auditListQuery);
  const entries = useAudit(list.query);
  return (
    <Stack spacing={2}>
      <AuditFilters list={list} />
      <ServerDataGrid
        label="Audit Log"
        columns={columns}
        list={list}
        result={entries}
        noun={{ one: 'entry', other: 'entries' }}
        errorTitle="Error fetching the audit log"
      />
    </Stack>
  );
}
