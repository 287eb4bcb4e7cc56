import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { auditActions, auditListQuery, type AuditEntry } from '@gold/contract';
import { defineList, type ListColumn, type SelectOptions } from '@/components/data-grid/list-declaration';
import { formatDateTime, orDash } from '@/lib/format';
import type { Numbered } from '@/lib/list-call';
import { useAdminChoices } from '../api/get-admin-choices';
import { auditList } from '../api/get-audit';
import { actionLabel, changeOf, targetOf } from '../lib/describe-entry';
import { useTranslation } from 'react-i18next';
import { i18n } from '@/lib/i18n';

/** An English text in the console's language, in a cell (re-drawn when the language changes). */
function Text({ english }: { english: string }) {
  const { t } = useTranslation();
  return t(english);
}

const twoLines = { display: 'flex', flexDirection: 'column', justifyContent: 'center', height: '100%', lineHeight: 1.3 } as const;

/** What was acted on, its kind in the console's language. */
function Target({ entry }: { entry: AuditEntry }) {
  const { t } = useTranslation();
  return targetOf(entry, t);
}

/** Before and after, two lines at most, cut with an ellipsis; the whole change is the cell's title. */
function Change({ entry }: { entry: AuditEntry }) {
  const { t } = useTranslation();
  const change = changeOf(entry, t);
  return (
    <Stack sx={twoLines}>
      <Typography
        variant="body2"
        title={change}
        sx={{ display: '-webkit-box', WebkitLineClamp: 2, WebkitBoxOrient: 'vertical', whiteSpace: 'normal', overflow: 'hidden' }}
      >
        {change}
      </Typography>
    </Stack>
  );
}

const columns: ListColumn<Numbered<AuditEntry>>[] = [
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
          <Text english={row.action === 'contact.submit' ? 'Website visitor' : 'System'} />
        </Typography>
      ),
  },
  {
    field: 'action',
    headerName: 'Action',
    width: 190,
    renderCell: ({ row }) => (
      <Stack sx={twoLines}>
        <span>
          <Text english={actionLabel(row.action)} />
        </span>
        <Typography variant="caption" color="text.secondary">
          {row.action}
        </Typography>
      </Stack>
    ),
  },
  { field: 'entity', headerName: 'Target', width: 150, optional: 2, renderCell: ({ row }) => <Target entry={row} /> },
  { field: 'change', headerName: 'Before / After', flex: 1.6, minWidth: 220, renderCell: ({ row }) => <Change entry={row} /> },
  { field: 'ipAddress', headerName: 'Address', width: 130, optional: 1, valueFormatter: (value: string | null) => orDash(value) },
];

/** The acting admin's choices: every admin by name (one deleted since keeps its choice, by id). */
function useAdminOptions(): SelectOptions {
  const admins = useAdminChoices();
  const options = (admins.data?.data ?? []).map((admin) => ({ value: String(admin.id), label: `${admin.fullName} (${admin.email})` }));
  return { options, pending: admins.isPending, failed: admins.isError };
}

/**
 * /audit-log: the append-only log, newest first, paged on the server and filtered (each in the
 * URL: `?adminId=3&action=admin.edit&from=2026-01-01&to=2026-01-31`) by the acting admin, the
 * action and a range of WIB days (both ends included).
 */
export const auditTable = defineList({
  id: 'audit',
  label: 'Audit Log',
  query: auditListQuery,
  call: auditList,
  noun: { one: 'entry', other: 'entries' },
  errorTitle: 'Error fetching the audit log',
  filters: [
    {
      kind: 'select',
      name: 'adminId',
      label: 'Admin',
      allLabel: 'All admins',
      useOptions: useAdminOptions,
      unknownLabel: (id) => i18n.t('Admin {{id}}', { id }),
      minWidth: 240,
    },
    {
      kind: 'select',
      name: 'action',
      label: 'Action',
      allLabel: 'All actions',
      options: auditActions.map((action) => ({ value: action, label: actionLabel(action) })),
      minWidth: 240,
    },
    { kind: 'dateRange', from: 'from', to: 'to', fromLabel: 'From', toLabel: 'To' },
  ],
  columns: () => columns,
});
