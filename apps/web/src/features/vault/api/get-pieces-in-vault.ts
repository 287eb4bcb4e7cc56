import { useQuery } from '@tanstack/react-query';
import { vaultPieceListQuery } from '@gold/contract';
import { queryKeys } from '@/lib/query-keys';
import { piecesList } from './get-pieces';

/** Every piece in the vault of one denomination at one location (no paging): what a count expects to find. */
export function usePiecesInVault(locationId: number | '', denominationId: number | '') {
  const query = vaultPieceListQuery.parse({
    status: 'in_vault',
    ...(locationId === '' ? {} : { locationId }),
    ...(denominationId === '' ? {} : { denominationId }),
  });
  return useQuery({
    queryKey: queryKeys.vault.pieces(query),
    queryFn: ({ signal }) => piecesList.fetch(query, { signal }),
    enabled: locationId !== '' && denominationId !== '',
  });
}
