import type { QueryClient } from '@tanstack/react-query';

/**
 * First elements of the query keys of public facts, which outlive a session: the app config
 * ({product}, `appConfigQueryKey` in lib/app-config). Written here rather than imported, so the
 * sign-in page does not load lib/app-config and the schema it checks answers with (zod);
 * clear-session-data.test.ts checks the two agree.
 */
export const publicQueryRoots: readonly string[] = ['app-config'];

/**
 * Drops everything cached for a session (the admin, lists, details), keeping only public
 * facts. Call it where no page that shows session data is mounted, or those pages refetch.
 */
export function clearSessionData(queryClient: QueryClient): void {
  queryClient.removeQueries({ predicate: (query) => !publicQueryRoots.includes(String(query.queryKey[0])) });
}
