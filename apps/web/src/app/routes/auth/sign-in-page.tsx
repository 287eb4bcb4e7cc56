import { lazy, Suspense, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { SessionResponse, SignInLock, TwoFactorChallenge } from '@gold/contract';
import { AuthLayout } from '@/components/layouts/auth-layout';
import { LanguageSwitch } from '@/components/ui/language-switch';
import { useUpdateLanguage } from '@/features/account/api/update-language';
import { SignInForm } from '@/features/auth/components/sign-in-form';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { noteSignInChoice, type Language } from '@/lib/i18n';

// Most sign-ins need no second step: its code (code form, enrolment, recovery codes) loads when the server asks for it.
const SecondStep = lazy(() =>
  import('@/features/auth/components/second-step').then(
    (m) => ({ default: m.SecondStep }),
    () => ({ default: CouldNotLoad }),
  ),
);

// Held-back attempts are rare: their notice (alert, list) loads only when a sign-in reports some.
const SignInLocksNotice = lazy(() =>
  import('@/features/auth/components/sign-in-locks-notice').then(
    (m) => ({ default: m.SignInLocksNotice }),
    () => ({ default: ({ onContinue }: { onContinue: () => void }) => <CouldNotLoad onRestart={onContinue} /> }),
  ),
);

function CouldNotLoad({ onRestart }: { onRestart: () => void }) {
  const { t } = useTranslation();
  return (
    <Stack spacing={2}>
      <Typography role="alert" color="error">
        {t('Part of the console could not be downloaded. Check the connection, then reload the page.')}
      </Typography>
      <Button variant="contained" onClick={onRestart}>
        {t('Sign in again')}
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
  const { t } = useTranslation();
  useDocumentTitle(t('Sign In'));
  const [challenge, setChallenge] = useState<TwoFactorChallenge | null>(null);
  // A language picked here applies at once, carries over the sign-in, and is then remembered for the admin.
  const chosen = useRef<Language | null>(null);
  const updateLanguage = useUpdateLanguage();
  // Attempts held back since the previous sign-in are shown before the console opens.
  const [held, setHeld] = useState<{ session: SessionResponse; locks: SignInLock[] } | null>(null);
  const goOn = (session: SessionResponse) => {
    if (chosen.current && chosen.current !== session.admin.language) updateLanguage.mutate({ language: chosen.current });
    onSignedIn(session);
  };
  const signedIn = (session: SessionResponse & { signInLocks?: SignInLock[] }) => {
    if (session.signInLocks?.length) setHeld({ session, locks: session.signInLocks });
    else goOn(session);
  };
  const choose = (language: Language) => {
    chosen.current = language;
    noteSignInChoice(language);
  };
  return (
    <AuthLayout
      title={t('Sign In')}
      subtitle={t('Administrators of the gold platform')}
      languageSwitch={<LanguageSwitch onChosen={choose} />}
    >
      {held || challenge ? (
        <Suspense
          fallback={
            <Typography role="status" color="text.secondary">
              {t('Loading...')}
            </Typography>
          }
        >
          {held ? (
            <SignInLocksNotice locks={held.locks} onContinue={() => goOn(held.session)} />
          ) : (
            <SecondStep challenge={challenge!} onSignedIn={signedIn} onRestart={() => setChallenge(null)} />
          )}
        </Suspense>
      ) : (
        <SignInForm onSuccess={signedIn} onChallenge={setChallenge} />
      )}
    </AuthLayout>
  );
}
