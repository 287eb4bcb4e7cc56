import { vaultMovementListResponse, type VaultMovement, type VaultMovementListQuery } from '@gold/contract';
import { listCall } from '@/lib/list-call';
import { queryKeys } from '@/lib/query-keys';

/** GET /admin/vault/movements: the append-only ledger, newest first. */
export const movementsList = listCall<VaultMovementListQuery, VaultMovement>({
  path: '/admin/vault/movements',
  key: queryKeys.vault.movements,
  response: vaultMovementListResponse,
});
