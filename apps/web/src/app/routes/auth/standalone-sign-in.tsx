import type { QueryClient } from '@tanstack/react-query';
import { safeRedirectTarget } from '@/lib/safe-redirect';
import { BaseProvider } from '@/app/base-provider';
import { SignInPage } from './sign-in-page';

/** Where to go once signed in: `redirect` with `param` as its query, when it stays on this site; else the dashboard. */
export function signedInTarget(location: Pick<Location, 'search'> = window.location): string {
  const search = new URLSearchParams(location.search);
  return safeRedirectTarget(search.get('redirect'), search.get('param'));
}

/**
 * The sign-in page on its own, booted by main.tsx when a page load opens '/' with no admin noted
 * as signed in in this browser: theme, cache and the form, without the router, the signed-in frame
 * or notifications, so the first screen most visitors see stays small (the size budget: at most
 * 150 KB compressed). `onSignedIn` gets the target; main.tsx
 * then starts the console there, with this cache (the session is already in it).
 */
export function StandaloneSignIn({ queryClient, onSignedIn }: { queryClient: QueryClient; onSignedIn: (target: string) => void }) {
  return (
    <BaseProvider queryClient={queryClient}>
      <SignInPage onSignedIn={() => onSignedIn(signedInTarget())} />
    </BaseProvider>
  );
}
