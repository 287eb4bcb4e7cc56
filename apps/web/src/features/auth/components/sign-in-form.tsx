import { lazy, Suspense, useRef, useState, type FormEvent } from 'react';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { LoginBody, SessionResponse, TwoFactorChallenge } from '@gold/contract';
import { PasswordField } from '@/components/form/password-field';
import { TextInput } from '@/components/form/text-input';
import { translateServerMessage } from '@/lib/i18n';
import { useLogin } from '../api/login';
import { failureMessage } from '../lib/failure-message';
import { loadContract } from '../lib/load-contract';
import { useTranslation } from 'react-i18next';

// The dialog only opens after a failed sign-in: its code (dialog, modal, focus trap) is fetched when the form is sent.
const loadDialog = () => import('./credentials-error-dialog');
const CredentialsErrorDialog = lazy(() => loadDialog().then((m) => ({ default: m.CredentialsErrorDialog })));

/** English text, the key of its translation. */
const COULD_NOT_LOAD = 'Part of the console could not be downloaded. Check the connection, then try again.';

type Field = keyof LoginBody;
type FieldErrors = Partial<Record<Field | 'form', string>>;
const FIELDS: readonly Field[] = ['email', 'password'];

/** The form's values checked with the contract's loginBody (zod: trims the e-mail); the first message per field. */
async function validate(values: Record<Field, string>): Promise<{ body: LoginBody } | { errors: FieldErrors }> {
  let loginBody;
  try {
    ({ loginBody } = await loadContract());
  } catch {
    return { errors: { form: COULD_NOT_LOAD } };
  }
  const result = loginBody.safeParse(values);
  if (result.success) return { body: result.data };
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0] as Field;
    errors[field] ??= issue.message;
  }
  return { errors };
}

/**
 * E-mail and password; a failed sign-in opens the 'Credentials Error' dialog. Two uncontrolled
 * fields checked with the contract's schema: no form library on the page that must load first.
 * After a refused submit, each change checks again, so a message goes once the field is right.
 * With two-factor sign-in the server answers a second step instead of a session: `onChallenge`.
 */
export function SignInForm({
  onSuccess,
  onChallenge,
}: {
  onSuccess: (session: SessionResponse) => void;
  onChallenge?: (challenge: TwoFactorChallenge) => void;
}) {
  const { t } = useTranslation();
  const login = useLogin({ onSuccess, onChallenge });
  const formRef = useRef<HTMLFormElement>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [submitted, setSubmitted] = useState(false);
  // Mounted from the first failure on, so that closing it plays its exit transition.
  const [dialogMounted, setDialogMounted] = useState(false);

  const readValues = (): Record<Field, string> => {
    const data = new FormData(formRef.current ?? undefined);
    return { email: String(data.get('email') ?? ''), password: String(data.get('password') ?? '') };
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmitted(true);
    void loadDialog();
    const checked = await validate(readValues());
    if ('errors' in checked) {
      setErrors(checked.errors);
      const first = FIELDS.find((field) => checked.errors[field]);
      if (first) formRef.current?.querySelector<HTMLInputElement>(`#${first}`)?.focus();
      return;
    }
    setErrors({});
    login.mutate(checked.body, { onError: () => setDialogMounted(true) });
  };

  const onInput = () => {
    // The schema downloads while the admin types; after a refused submit, the messages follow the fields.
    const checking = validate(readValues());
    if (submitted) void checking.then((checked) => setErrors('errors' in checked ? checked.errors : {}));
  };

  return (
    <>
      <Stack
        component="form"
        ref={formRef}
        noValidate
        spacing={2.5}
        onSubmit={(event) => void onSubmit(event)}
        onInput={onInput}
        aria-label={t('Sign in')}
      >
        <TextInput
          id="email"
          name="email"
          label={t('Email Address*')}
          type="email"
          autoComplete="username"
          autoFocus
          fullWidth
          error={Boolean(errors.email)}
          helperText={errors.email && translateServerMessage(errors.email)}
          inputProps={{ required: true, maxLength: 254 }}
        />
        <PasswordField
          id="password"
          name="password"
          label={t('Password*')}
          autoComplete="current-password"
          fullWidth
          error={Boolean(errors.password)}
          helperText={errors.password && translateServerMessage(errors.password)}
          inputProps={{ required: true }}
        />
        {errors.form ? (
          <Typography role="alert" color="error" variant="body2">
            {t(errors.form)}
          </Typography>
        ) : null}
        <Button
          type="submit"
          variant="contained"
          size="large"
          fullWidth
          disabled={login.isPending}
          startIcon={login.isPending ? <CircularProgress size={18} color="inherit" aria-hidden /> : undefined}
        >
          {t('Sign In')}
        </Button>
      </Stack>
      {dialogMounted ? (
        <Suspense fallback={null}>
          <CredentialsErrorDialog
            open={login.isError}
            message={login.error ? failureMessage(login.error) : undefined}
            onClose={() => login.reset()}
          />
        </Suspense>
      ) : null}
    </>
  );
}
