import type { SessionResponse } from '@gold/contract';
import { AuthLayout } from '@/components/layouts/auth-layout';
import { SignInForm } from '@/features/auth/components/sign-in-form';
import { useDocumentTitle } from '@/hooks/use-document-title';

/**
 * The sign-in screen itself, without the router: the router's '/' route shows it, and so does
 * the standalone sign-in page a fresh load of '/' boots (standalone-sign-in.tsx).
 */
export function SignInPage({ onSignedIn }: { onSignedIn: (session: SessionResponse) => void }) {
  useDocumentTitle('Sign In');
  return (
    <AuthLayout title="Sign In" subtitle="Administrators of the gold platform">
      <SignInForm onSuccess={onSignedIn} />
    </AuthLayout>
  );
}
