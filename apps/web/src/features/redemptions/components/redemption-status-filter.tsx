import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';
import { redemptionStatuses } from '@gold/contract';

const ALL = '';

/**
 * The list's status filter: one status, or all ('' in the URL means all). Built from Select
 * (which the grid's pager already loads) rather than TextField, which the list page would
 * otherwise load for this alone (12 KB).
 */
export function RedemptionStatusFilter({ value, onChange }: { value: string; onChange: (status: string) => void }) {
  return (
    <FormControl size="small" sx={{ minWidth: 200, alignSelf: 'flex-start' }}>
      <InputLabel id="redemption-status-filter-label" shrink>
        Status
      </InputLabel>
      <Select
        labelId="redemption-status-filter-label"
        id="redemption-status-filter"
        label="Status"
        notched
        displayEmpty
        value={value}
        onChange={(event) => onChange(event.target.value)}
      >
        <MenuItem value={ALL}>All statuses</MenuItem>
        {redemptionStatuses.map((status) => (
          <MenuItem key={status} value={status}>
            {status}
          </MenuItem>
        ))}
      </Select>
    </FormControl>
  );
}
