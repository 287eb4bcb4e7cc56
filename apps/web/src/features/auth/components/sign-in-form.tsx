import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useForm } from 'react-hook-form';
import { loginBody, type SessionResponse } from '@gold/contract';
import { PasswordField } from '@/components/form/password-field';
import { ApiError } from '@/lib/api-client';
import { useLogin } from '../api/login';
import { CredentialsErrorDialog } from './credentials-error-dialog';

function failureMessage(error: Error): string {
  if (!(error instanceof ApiError)) return error.message;
  if (error.status === 429 && error.retryAfterSeconds) {
    const minutes = Math.ceil(error.retryAfterSeconds / 60);
    return `${error.message} Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`;
  }
  return error.message;
}

/** E-mail and password; a failed sign-in opens the 'Credentials Error' dialog. */
export function SignInForm({ onSuccess }: { onSuccess: (session: SessionResponse) => void }) {
  const login = useLogin({ onSuccess });
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({ resolver: zodResolver(loginBody), defaultValues: { email: '', password: '' } });

  const { ref: emailRef, ...emailField } = register('email');
  const { ref: passwordRef, ...passwordField } = register('password');

  return (
    <>
      <Stack component="form" noValidate spacing={2.5} onSubmit={handleSubmit((values) => login.mutate(values))} aria-label="Sign in">
        <TextField
          {...emailField}
          inputRef={emailRef}
          id="email"
          label="Email Address*"
          type="email"
          autoComplete="username"
          autoFocus
          fullWidth
          error={Boolean(errors.email)}
          helperText={errors.email?.message}
          slotProps={{ htmlInput: { required: true, maxLength: 254 } }}
        />
        <PasswordField
          {...passwordField}
          inputRef={passwordRef}
          id="password"
          label="Password*"
          autoComplete="current-password"
          fullWidth
          error={Boolean(errors.password)}
          helperText={errors.password?.message}
          slotProps={{ htmlInput: { required: true } }}
        />
        <Button
          type="submit"
          variant="contained"
          size="large"
          fullWidth
          disabled={login.isPending}
          startIcon={login.isPending ? <CircularProgress size={18} color="inherit" aria-hidden /> : undefined}
        >
          Sign In
        </Button>
      </Stack>
      <CredentialsErrorDialog open={login.isError} message={login.error ? failureMessage(login.error) : undefined} onClose={() => login.reset()} />
    </>
  );
}
