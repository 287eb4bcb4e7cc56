import { useEffect } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { redirect, useNavigate, useSearchParams, type LoaderFunctionArgs } from 'react-router';
import { sessionQueryOptions } from '@/features/auth/api/get-session';
import { clearSessionData } from '@/features/auth/lib/clear-session-data';
import { safeRedirectTarget } from '@/lib/safe-redirect';
import { hasSessionHint } from '@/lib/session-hint';
import { SignInPage } from './sign-in-page';

/** An admin still signed in in this browser goes straight on to where they were headed. */
export const signInLoader =
  (queryClient: QueryClient) =>
  async ({ request }: LoaderFunctionArgs) => {
    if (!hasSessionHint()) return null;
    try {
      await queryClient.fetchQuery({ ...sessionQueryOptions(), staleTime: 0 });
    } catch {
      return null;
    }
    const url = new URL(request.url);
    return redirect(safeRedirectTarget(url.searchParams.get('redirect'), url.searchParams.get('param')));
  };

/** '/': sign in, then go to `redirect` (with `param` as its query) or the dashboard. */
export function SignInRoute() {
  const queryClient = useQueryClient();
  // Whoever reaches this page (logged out, session expired) leaves no session data cached behind.
  useEffect(() => clearSessionData(queryClient), [queryClient]);
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const target = safeRedirectTarget(searchParams.get('redirect'), searchParams.get('param'));

  return <SignInPage onSignedIn={() => navigate(target, { replace: true })} />;
}
