import { useRef, useState, type FormEvent } from 'react';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { passwordLengths, passwordMismatchMessage, type ChangePasswordBody } from '@gold/contract';
import { PasswordField } from '@/components/form/password-field';
import { useNotify } from '@/components/ui/notifications/notifications-context';
import { useChangePassword } from '../api/change-password';
import { fieldErrorsOf } from '../lib/field-errors';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { translateServerMessage } from '@/lib/i18n';

type Field = keyof ChangePasswordBody;
const FIELDS: readonly Field[] = ['currentPassword', 'password', 'confirmPassword'];
type Errors = Partial<Record<Field | 'form', string>>;

/** What the page checks before sending; the server adds its policy (length, common passwords, your name). */
function check(values: Record<Field, string>, t: TFunction): Errors {
  const errors: Errors = {};
  if (!values.currentPassword) errors.currentPassword = t('Enter your current password');
  if (values.password.length < passwordLengths.min)
    errors.password = t('password must be at least {{min}} characters', { min: passwordLengths.min });
  else if (values.password.length > passwordLengths.max)
    errors.password = t('password must be at most {{max}} characters', { max: passwordLengths.max });
  if (values.confirmPassword !== values.password) errors.confirmPassword = translateServerMessage(passwordMismatchMessage);
  return errors;
}

/** Change your password: only with the current one; new and confirm must match. Your other sessions end. */
export function PasswordForm() {
  const { t } = useTranslation();
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
    const found = check(values, t);
    setErrors(found);
    if (Object.keys(found).length) return focusFirst(found);
    let ended: number;
    try {
      ({ endedSessions: ended } = await change.mutateAsync(values));
    } catch (failure) {
      const refused = fieldErrorsOf(failure, FIELDS);
      setErrors(refused);
      focusFirst(refused);
      notify.error(`${t('Data Update Error')}: ${Object.values(refused).join(' ')}`);
      return;
    }
    formRef.current?.reset();
    if (ended === 0) notify.success(t('Password changed.'));
    else if (ended === 1) notify.success(t('Password changed. 1 other session signed out.'));
    else notify.success(t('Password changed. {{ended}} other sessions signed out.', { ended }));
  };

  return (
    <Stack component="form" ref={formRef} noValidate spacing={2} onSubmit={(event) => void submit(event)} aria-label={t('Change password')}>
      <PasswordField
        id="profile-current-password"
        name="currentPassword"
        label={t('Current Password')}
        autoComplete="current-password"
        error={Boolean(errors.currentPassword)}
        helperText={errors.currentPassword}
        fullWidth
      />
      <PasswordField
        id="profile-password"
        name="password"
        label={t('Password')}
        autoComplete="new-password"
        error={Boolean(errors.password)}
        helperText={errors.password ?? t('At least {{min}} characters; not a common password or your name.', { min: passwordLengths.min })}
        fullWidth
      />
      <PasswordField
        id="profile-confirm-password"
        name="confirmPassword"
        label={t('Confirm Password')}
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
        {t('Change Password')}
      </Button>
    </Stack>
  );
}
