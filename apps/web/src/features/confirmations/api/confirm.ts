import { confirmationResponse, type Reauthentication } from '@gold/contract';
import { api } from '@/lib/api-client';
import { useDecision } from '../lib/use-decision';

/** POST /admin/confirmations/{id}/confirm: the checker's password (and code) again; the server refuses the maker. */
export const useConfirm = () =>
  useDecision(({ id, reauth }: { id: number; reauth: Reauthentication }) =>
    api.post(`/admin/confirmations/${id}/confirm`, { reauth }, { schema: confirmationResponse }),
  );
