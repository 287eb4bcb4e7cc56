import type { QueryClient } from '@tanstack/react-query';
import { queryKeys } from '@/lib/query-keys';

/** First elements of the query keys of public facts, which outlive a session: the app config ({product}). */
const publicQueryRoots: readonly string[] = [queryKeys.appConfig.all[0]];

/**
 * Drops everything cached for a session (the admin, lists, details), keeping only public
 * facts. Call it where no page that shows session data is mounted, or those pages refetch.
 */
export function clearSessionData(queryClient: QueryClient): void {
  queryClient.removeQueries({ predicate: (query) => !publicQueryRoots.includes(String(query.queryKey[0])) });
}
