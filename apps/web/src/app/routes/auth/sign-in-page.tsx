import { lazy, Suspense, useState } from 'react';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { SessionResponse, TwoFactorChallenge } from '@gold/contract';
import { AuthLayout } from '@/components/layouts/auth-layout';
import { SignInForm } from '@/features/auth/components/sign-in-form';
import { useDocumentTitle } from '@/hooks/use-document-title';

// Most sign-ins need no second step: its code (code form, enrolment, recovery codes) loads when the server asks for it.
const SecondStep = lazy(() =>
  import('@/features/auth/components/second-step').then(
    (m) => ({ default: m.SecondStep }),
    () => ({ default: CouldNotLoad }),
  ),
);

function CouldNotLoad({ onRestart }: { onRestart: () => void }) {
  return (
    <Stack spacing={2}>
      <Typography role="alert" color="error">
        Part of the console could not be downloaded. Check the connection, then reload the page.
      </Typography>
      <Button variant="contained" onClick={onRestart}>
        Sign in again
      </Button>
    </Stack>
  );
}

/**
 * The sign-in screen itself, without the router: the router's '/' route shows it, and so does
 * the standalone sign-in page a fresh load of '/' boots (standalone-sign-in.tsx). After the
 * password, an admin with two-factor sign-in gives the code from the app (or enrols, when it is
 * mandatory) before the session starts.
 */
export function SignInPage({ onSignedIn }: { onSignedIn: (session: SessionResponse) => void }) {
  useDocumentTitle('Sign In');
  const [challenge, setChallenge] = useState<TwoFactorChallenge | null>(null);
  return (
    <AuthLayout title="Sign In" subtitle="Administrators of the gold platform">
      {challenge ? (
        <Suspense
          fallback={
            <Typography role="status" color="text.secondary">
              Loading...
            </Typography>
          }
        >
          <SecondStep challenge={challenge} onSignedIn={onSignedIn} onRestart={() => setChallenge(null)} />
        </Suspense>
      ) : (
        <SignInForm onSuccess={onSignedIn} onChallenge={setChallenge} />
      )}
    </AuthLayout>
  );
}
