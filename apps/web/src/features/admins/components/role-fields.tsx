import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { adminRoles, type AdminRole } from '@gold/contract';
import { serverText } from '@/lib/i18n';
import { useVaultLocations } from '../api/get-vault-locations';

/** What each role may do, in a line under the choice (the contract's permission table, in words). */
const roleHints: Record<AdminRole, string> = {
  Teller: 'The counter at one location: codes, identity checks, hand-overs.',
  Supervisor: 'The counter, stock movements, confirmations (four eyes), settlement, exports.',
  Auditor: 'Reads everything, exports and the audit log; changes nothing.',
  Administrator: 'Admins, settings and credentials; never gold or tokens.',
};

interface RoleFieldsProps {
  idPrefix: string;
  role: AdminRole;
  locationId: number | null;
  onRole: (role: AdminRole) => void;
  onLocation: (locationId: number | null) => void;
  roleError?: string | undefined;
  locationError?: string | undefined;
  disabled?: boolean;
}

/** The role (one of four) and, for a Teller only, the vault location they serve (required then). */
export function RoleFields({ idPrefix, role, locationId, onRole, onLocation, roleError, locationError, disabled }: RoleFieldsProps) {
  const { t } = useTranslation();
  const locations = useVaultLocations({ enabled: role === 'Teller' });
  return (
    <Stack spacing={2.5}>
      <TextField
        select
        id={`${idPrefix}-role`}
        label={t('Role')}
        value={role}
        required
        fullWidth
        disabled={disabled}
        onChange={(event) => onRole(event.target.value as AdminRole)}
        error={Boolean(roleError)}
        helperText={serverText(roleError) ?? t(roleHints[role])}
      >
        {adminRoles.map((choice) => (
          <MenuItem key={choice} value={choice}>
            {t(choice)}
          </MenuItem>
        ))}
      </TextField>
      {role === 'Teller' ? (
        <TextField
          select
          id={`${idPrefix}-location`}
          label={t('Location')}
          value={locationId ?? ''}
          required
          fullWidth
          disabled={disabled}
          onChange={(event) => onLocation(event.target.value === '' ? null : Number(event.target.value))}
          error={Boolean(locationError) || locations.isError}
          helperText={
            serverText(locationError) ??
            (locations.isError ? t('The vault locations could not be loaded.') : t('A Teller serves the counter of this location only'))
          }
          slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
        >
          <MenuItem value="" disabled>
            {t('Select')}
          </MenuItem>
          {(locations.data?.data ?? []).map((location) => (
            <MenuItem key={location.id} value={location.id}>
              {`${location.code} — ${location.name}`}
            </MenuItem>
          ))}
        </TextField>
      ) : null}
    </Stack>
  );
}
