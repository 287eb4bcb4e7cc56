import { vaultPieceListResponse, type VaultPiece, type VaultPieceListQuery } from '@gold/contract';
import { listCall } from '@/lib/list-call';
import { queryKeys } from '@/lib/query-keys';

/** GET /admin/vault/pieces: the bar list, paged in the database, by location, status, denomination and serial. */
export const piecesList = listCall<VaultPieceListQuery, VaultPiece>({
  path: '/admin/vault/pieces',
  key: queryKeys.vault.pieces,
  response: vaultPieceListResponse,
});
