import type { TransferBody } from '@gold/contract';
import { useProposeMovement } from './propose-movement';

/** POST /admin/vault/transfers: pieces moving to another location, sent for confirmation. */
export const useTransfer = () => useProposeMovement<TransferBody>('/admin/vault/transfers');
