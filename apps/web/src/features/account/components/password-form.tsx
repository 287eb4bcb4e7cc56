import { useRef, useState, type FormEvent } from 'react';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { passwordLengths, passwordMismatchMessage, type ChangePasswordBody } from '@gold/contract';
import { PasswordField } from '@/components/form/password-field';
import { useNotify } from '@/components/ui/notifications/notifications-context';
import { useChangePassword } from '../api/change-password';
import { fieldErrorsOf } from '../lib/field-errors';

type Field = keyof ChangePasswordBody;
const FIELDS: readonly Field[] = ['currentPassword', 'password', 'confirmPassword'];
type Errors = Partial<Record<Field | 'form', string>>;

/** What the page checks before sending; the server adds its policy (length, common passwords, your name). */
function check(values: Record<Field, string>): Errors {
  const errors: Errors = {};
  if (!values.currentPassword) errors.currentPassword = 'Enter your current password';
  if (values.password.length < passwordLengths.min) errors.password = `password must be at least ${passwordLengths.min} characters`;
  else if (values.password.length > passwordLengths.max) errors.password = `password must be at most ${passwordLengths.max} characters`;
  if (values.confirmPassword !== values.password) errors.confirmPassword = passwordMismatchMessage;
  return errors;
}

/** Change your password: only with the current one; new and confirm must match. Your other sessions end. */
export function PasswordForm() {
  const notify = useNotify();
  const change = useChangePassword();
  const formRef = useRef<HTMLFormElement>(null);
  const [errors, setErrors] = useState<Errors>({});

  const focusFirst = (found: Errors) => {
    const first = FIELDS.find((field) => found[field]);
    if (first) formRef.current?.querySelector<HTMLInputElement>(`[name="${first}"]`)?.focus();
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const values = Object.fromEntries(FIELDS.map((field) => [field, String(data.get(field) ?? '')])) as Record<Field, string>;
    const found = check(values);
    setErrors(found);
    if (Object.keys(found).length) return focusFirst(found);
    let ended: number;
    try {
      ({ endedSessions: ended } = await change.mutateAsync(values));
    } catch (failure) {
      const refused = fieldErrorsOf(failure, FIELDS);
      setErrors(refused);
      focusFirst(refused);
      notify.error(`Data Update Error: ${Object.values(refused).join(' ')}`);
      return;
    }
    formRef.current?.reset();
    notify.success(ended > 0 ? `Password changed. ${ended} other session${ended === 1 ? '' : 's'} signed out.` : 'Password changed.');
  };

  return (
    <Stack component="form" ref={formRef} noValidate spacing={2} onSubmit={(event) => void submit(event)} aria-label="Change password">
      <PasswordField
        id="profile-current-password"
        name="currentPassword"
        label="Current Password"
        autoComplete="current-password"
        error={Boolean(errors.currentPassword)}
        helperText={errors.currentPassword}
        fullWidth
      />
      <PasswordField
        id="profile-password"
        name="password"
        label="Password"
        autoComplete="new-password"
        error={Boolean(errors.password)}
        helperText={errors.password ?? `At least ${passwordLengths.min} characters; not a common password or your name.`}
        fullWidth
      />
      <PasswordField
        id="profile-confirm-password"
        name="confirmPassword"
        label="Confirm Password"
        autoComplete="new-password"
        error={Boolean(errors.confirmPassword)}
        helperText={errors.confirmPassword}
        fullWidth
      />
      {errors.form ? (
        <Typography role="alert" color="error" variant="body2">
          {errors.form}
        </Typography>
      ) : null}
      <Button type="submit" variant="contained" loading={change.isPending} sx={{ alignSelf: 'flex-start' }}>
        Change Password
      </Button>
    </Stack>
  );
}
