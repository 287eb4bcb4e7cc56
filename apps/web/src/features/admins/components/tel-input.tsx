import { MuiTelInput, type MuiTelInputCountry } from 'mui-tel-input';

export interface TelInputProps {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  onBlur: () => void;
  error?: string | undefined;
  disabled?: boolean;
}

/** The flag as its emoji (regional indicator letters): no image from a CDN (CSP, closed networks). */
const flagOf = (isoCode: MuiTelInputCountry) => (
  <span aria-hidden style={{ fontSize: '1.25rem', lineHeight: 1 }}>
    {String.fromCodePoint(...[...isoCode].map((letter) => 0x1f1a5 + letter.charCodeAt(0)))}
  </span>
);

/** mui-tel-input, Indonesia first and by default; the number is formatted as typed ('+62 812 3456 7890'). */
export default function TelInput({ id, label, value, onChange, onBlur, error, disabled }: TelInputProps) {
  return (
    <MuiTelInput
      id={id}
      label={label}
      value={value}
      onChange={(next) => onChange(next)}
      onBlur={onBlur}
      defaultCountry="ID"
      preferredCountries={['ID']}
      getFlagElement={flagOf}
      error={Boolean(error)}
      helperText={error ?? 'Indonesia (+62) unless another country is chosen'}
      disabled={disabled}
      fullWidth
    />
  );
}
