import { lazy, Suspense } from 'react';
import type { TelInputProps } from './tel-input';
import { TextInput } from './text-input';

// The country menu and libphonenumber's numbering plans are a chunk of their own, loaded after the page shows.
const TelInput = lazy(() => import('./tel-input').then((m) => ({ default: m.TelInput })));

/**
 * A phone number with its country (Indonesia first and by default); the server checks and stores
 * it in E.164. Until its code arrives, a disabled stand-in shows the number.
 */
export function PhoneInput(props: TelInputProps) {
  const { id, label, value, error, helperText } = props;
  return (
    <Suspense
      fallback={
        <TextInput
          id={id}
          label={label}
          value={value}
          error={Boolean(error)}
          helperText={error ?? helperText}
          disabled
          fullWidth
          readOnly
        />
      }
    >
      <TelInput {...props} />
    </Suspense>
  );
}
