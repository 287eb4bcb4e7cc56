import type { QueryClient } from '@tanstack/react-query';
import { appConfigQueryKey } from '@/lib/app-config';

/**
 * Drops everything cached for a session (the admin, lists, details), keeping only public
 * facts. Call it where no page that shows session data is mounted, or those pages refetch.
 */
export function clearSessionData(queryClient: QueryClient): void {
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== appConfigQueryKey[0] });
}
