import { confirmationResponse } from '@gold/contract';
import { api } from '@/lib/api-client';
import { useDecision } from '../lib/use-decision';

/** POST /admin/confirmations/{id}/withdraw: the maker takes back their own pending proposal. */
export const useWithdraw = () =>
  useDecision((id: number) => api.post(`/admin/confirmations/${id}/withdraw`, undefined, { schema: confirmationResponse }));
