import Box from '@mui/material/Box';
import { MuiTelInput, type MuiTelInputCountry } from 'mui-tel-input';

export interface TelInputProps {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  onBlur?: (() => void) | undefined;
  /** The field's problem; shown in place of `helperText`. */
  error?: string | undefined;
  helperText?: string | undefined;
  disabled?: boolean | undefined;
  autoComplete?: string | undefined;
}

/**
 * The country as its ISO code instead of a flag image: mui-tel-input's flags come from a CDN,
 * and the console loads nothing from other origins (CSP, closed networks). Not an emoji flag
 * either: Windows draws those as the same two letters, less legibly.
 */
const countryLabel = (isoCode: MuiTelInputCountry) => (
  <Box component="span" aria-hidden sx={{ fontSize: '0.8rem', fontWeight: 700, minWidth: 22 }}>
    {isoCode}
  </Box>
);

/** mui-tel-input, Indonesia first and by default; the number is formatted as typed ('+62 812 3456 7890'). */
export function TelInput({ id, label, value, onChange, onBlur, error, helperText, disabled, autoComplete }: TelInputProps) {
  return (
    <MuiTelInput
      id={id}
      label={label}
      value={value}
      onChange={(next) => onChange(next)}
      onBlur={onBlur}
      defaultCountry="ID"
      preferredCountries={['ID']}
      getFlagElement={countryLabel}
      error={Boolean(error)}
      helperText={error ?? helperText}
      disabled={disabled}
      autoComplete={autoComplete}
      fullWidth
    />
  );
}
