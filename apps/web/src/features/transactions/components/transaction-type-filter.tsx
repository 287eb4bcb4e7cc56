import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';
import { transactionTypes } from '@gold/contract';
import { transactionTypeLabels } from '../lib/transaction-types';

const ALL = '';

/** The list's type filter: mints, transfers or burns, or all ('' in the URL means all). Select, not TextField: the pager loads it already. */
export function TransactionTypeFilter({ value, onChange }: { value: string; onChange: (type: string) => void }) {
  return (
    <FormControl size="small" sx={{ minWidth: 200, alignSelf: 'flex-start' }}>
      <InputLabel id="transaction-type-filter-label" shrink>
        Type
      </InputLabel>
      <Select
        labelId="transaction-type-filter-label"
        id="transaction-type-filter"
        label="Type"
        notched
        displayEmpty
        value={value}
        onChange={(event) => onChange(event.target.value)}
      >
        <MenuItem value={ALL}>All types</MenuItem>
        {transactionTypes.map((type) => (
          <MenuItem key={type} value={type}>
            {transactionTypeLabels[type]}
          </MenuItem>
        ))}
      </Select>
    </FormControl>
  );
}
