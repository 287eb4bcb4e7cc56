import { confirmationResponse, type Reauthentication } from '@gold/contract';
import { api } from '@/lib/api-client';
import { useDecision } from '../lib/use-decision';

/** POST /admin/confirmations/{id}/decline: the reason, and the checker's password (and code) again. */
export const useDecline = () =>
  useDecision(({ id, reauth, reason }: { id: number; reauth: Reauthentication; reason: string }) =>
    api.post(`/admin/confirmations/${id}/decline`, { reauth, reason }, { schema: confirmationResponse }),
  );
