import Box from '@mui/material/Box';
import { MuiTelInput, type MuiTelInputCountry } from 'mui-tel-input';

/**
 * The country as its ISO code instead of a flag image: mui-tel-input's flags come from a CDN,
 * and the console loads nothing from other origins (CSP, closed networks).
 */
const countryLabel = (isoCode: MuiTelInputCountry) => (
  <Box component="span" aria-hidden sx={{ fontSize: '0.8rem', fontWeight: 700, minWidth: 22 }}>
    {isoCode}
  </Box>
);

interface PhoneInputProps {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
  disabled?: boolean;
}

/** A phone number with its country (Indonesia first and by default); the server checks and stores it in E.164. */
export function PhoneInput({ id, label, value, onChange, error, disabled }: PhoneInputProps) {
  return (
    <MuiTelInput
      id={id}
      label={label}
      value={value}
      onChange={(next) => onChange(next)}
      defaultCountry="ID"
      preferredCountries={['ID']}
      getFlagElement={countryLabel}
      error={Boolean(error)}
      helperText={error}
      disabled={disabled}
      autoComplete="tel"
      fullWidth
    />
  );
}
