import type { WriteOffBody } from '@gold/contract';
import { useProposeMovement } from './propose-movement';

/** POST /admin/vault/write-offs: pieces leaving the ledger with a reason, sent for confirmation. */
export const useWriteOff = () => useProposeMovement<WriteOffBody>('/admin/vault/write-offs');
