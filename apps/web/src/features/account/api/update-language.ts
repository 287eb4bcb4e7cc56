import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SessionResponse, UpdateLanguageBody, UpdateLanguageResponse } from '@gold/contract';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** PUT /admin/profile/language: the console language remembered for the signed-in admin (applied at their next sign-in). */
async function updateLanguage(body: UpdateLanguageBody): Promise<UpdateLanguageResponse> {
  // The sign-in page offers the switch too: the contract's schemas (zod) load with the call, not with the page.
  const [{ updateLanguageResponse }, answer] = await Promise.all([import('@gold/contract'), api.put('/admin/profile/language', body)]);
  return updateLanguageResponse.parse(answer);
}

/** Remembers the admin's language; the cached session says so too, so asking it again does not switch back. */
export function useUpdateLanguage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateLanguage,
    onSuccess: ({ language }) => {
      queryClient.setQueryData<SessionResponse>(queryKeys.auth.session, (session) =>
        session ? { ...session, admin: { ...session.admin, language } } : session,
      );
    },
  });
}
