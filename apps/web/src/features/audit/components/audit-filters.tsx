import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import MenuItem from '@mui/material/MenuItem';
import OutlinedInput from '@mui/material/OutlinedInput';
import Select from '@mui/material/Select';
import Stack from '@mui/material/Stack';
import { auditActions } from '@gold/contract';
import type { ListUrlState } from '@/hooks/use-list-url-state';
import { useAdminChoices } from '../api/get-admin-choices';
import { actionLabel } from '../lib/describe-entry';

const ALL = '';

function DateFilter({ id, label, value, onChange }: { id: string; label: string; value: string; onChange: (value: string) => void }) {
  return (
    <FormControl size="small" sx={{ width: 170 }}>
      <InputLabel htmlFor={id} shrink>
        {label}
      </InputLabel>
      <OutlinedInput id={id} type="date" label={label} notched value={value} onChange={(event) => onChange(event.target.value)} />
    </FormControl>
  );
}

/**
 * The Audit Log's filters, each kept in the URL (`?adminId=3&action=admin.edit&from=2026-01-01&to=2026-01-31`):
 * the acting admin, the action, and a range of WIB days (both ends included).
 */
export function AuditFilters({ list }: { list: ListUrlState }) {
  const admins = useAdminChoices();
  const adminId = list.filters.adminId ?? ALL;
  const action = list.filters.action ?? ALL;
  const known = admins.data?.data ?? [];
  // An admin named by the URL but not listed (deleted since) keeps its choice, by id.
  const adminMissing = adminId !== ALL && !known.some((admin) => String(admin.id) === adminId);
  const actionMissing = action !== ALL && !(auditActions as readonly string[]).includes(action);
  const filtered = Object.keys(list.filters).length > 0;
  return (
    <Stack
      direction={{ xs: 'column', md: 'row' }}
      spacing={2}
      sx={{ alignItems: { md: 'center' }, flexWrap: 'wrap' }}
      role="group"
      aria-label="Filters"
    >
      <FormControl size="small" sx={{ minWidth: 240 }}>
        <InputLabel id="audit-admin-filter-label" shrink>
          Admin
        </InputLabel>
        <Select
          labelId="audit-admin-filter-label"
          id="audit-admin-filter"
          label="Admin"
          notched
          displayEmpty
          value={admins.isPending && adminId !== ALL ? ALL : adminId}
          onChange={(event) => list.setFilter('adminId', event.target.value)}
        >
          <MenuItem value={ALL}>{admins.isError ? 'All admins (the list could not be read)' : 'All admins'}</MenuItem>
          {known.map((admin) => (
            <MenuItem key={admin.id} value={String(admin.id)}>
              {`${admin.fullName} (${admin.email})`}
            </MenuItem>
          ))}
          {adminMissing && !admins.isPending ? <MenuItem value={adminId}>{`Admin ${adminId}`}</MenuItem> : null}
        </Select>
      </FormControl>
      <FormControl size="small" sx={{ minWidth: 240 }}>
        <InputLabel id="audit-action-filter-label" shrink>
          Action
        </InputLabel>
        <Select
          labelId="audit-action-filter-label"
          id="audit-action-filter"
          label="Action"
          notched
          displayEmpty
          value={action}
          onChange={(event) => list.setFilter('action', event.target.value)}
        >
          <MenuItem value={ALL}>All actions</MenuItem>
          {auditActions.map((name) => (
            <MenuItem key={name} value={name}>
              {actionLabel(name)}
            </MenuItem>
          ))}
          {actionMissing ? <MenuItem value={action}>{action}</MenuItem> : null}
        </Select>
      </FormControl>
      <DateFilter id="audit-from-filter" label="From" value={list.filters.from ?? ''} onChange={(value) => list.setFilter('from', value)} />
      <DateFilter id="audit-to-filter" label="To" value={list.filters.to ?? ''} onChange={(value) => list.setFilter('to', value)} />
      {filtered ? (
        <Button
          onClick={() => {
            for (const name of ['adminId', 'action', 'from', 'to']) list.setFilter(name, '');
          }}
        >
          Clear filters
        </Button>
      ) : null}
    </Stack>
  );
}
