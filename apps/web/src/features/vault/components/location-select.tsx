import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { useVaultLocations } from '../api/get-locations';

interface LocationSelectProps {
  id: string;
  label: string;
  value: number | '';
  onChange: (locationId: number) => void;
  /** A location not to offer (a transfer's own). */
  exclude?: number;
  error?: string;
}

/** One of the vault locations, by code and name. */
export function LocationSelect({ id, label, value, onChange, exclude, error }: LocationSelectProps) {
  const { t } = useTranslation();
  const locations = useVaultLocations();
  return (
    <TextField
      id={id}
      select
      required
      label={label}
      value={value}
      onChange={(event) => onChange(Number(event.target.value))}
      error={Boolean(error)}
      helperText={error ?? (locations.isError ? t('The locations could not be read') : undefined)}
    >
      {(locations.data?.data ?? [])
        .filter((location) => location.id !== exclude)
        .map((location) => (
          <MenuItem key={location.id} value={location.id}>
            {location.code} · {location.name}
          </MenuItem>
        ))}
    </TextField>
  );
}
