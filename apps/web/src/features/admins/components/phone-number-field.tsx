import { lazy, Suspense } from 'react';
import { TextInput } from '@/components/form/text-input';
import type { TelInputProps } from './tel-input';

// The country menu and libphonenumber's metadata are a chunk of their own, fetched with the form.
const TelInput = lazy(() => import('./tel-input'));

/** The phone number input; until its code arrives, a plain field that already takes the number. */
export function PhoneNumberField(props: TelInputProps) {
  const { id, label, value, onChange, onBlur, error, disabled } = props;
  return (
    <Suspense
      fallback={
        <TextInput
          id={id}
          label={label}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          onBlur={onBlur}
          error={Boolean(error)}
          helperText={error ?? 'Indonesia (+62) unless another country is chosen'}
          disabled={disabled}
          type="tel"
          fullWidth
        />
      }
    >
      <TelInput {...props} />
    </Suspense>
  );
}
