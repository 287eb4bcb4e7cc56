import { movementKinds, vaultMovementListQuery, type VaultMovement, type VaultMovementListQuery } from '@gold/contract';
import { defineList } from '@/components/data-grid/list-declaration';
import { formatDateTime, orDash } from '@/lib/format';
import { movementsList } from '../api/get-movements';
import { movementKindLabels } from '../lib/labels';
import { useTranslation } from 'react-i18next';

function Kind({ kind }: { kind: VaultMovement['kind'] }) {
  const { t } = useTranslation();
  return t(movementKindLabels[kind]);
}

/** /vault/movements: the append-only ledger, newest first: what moved, from where to where, who proposed and who confirmed. */
export const movementsTable = defineList<VaultMovementListQuery, VaultMovement>({
  id: 'vault-movements',
  label: 'Movements',
  query: vaultMovementListQuery,
  call: movementsList,
  noun: { one: 'movement', other: 'movements' },
  errorTitle: 'Error fetching the movements',
  filters: [
    {
      kind: 'select',
      name: 'kind',
      label: 'Kind',
      allLabel: 'All kinds',
      options: movementKinds.map((kind) => ({ value: kind, label: movementKindLabels[kind] })),
      minWidth: 180,
    },
  ],
  columns: () => [
    {
      field: 'createdAt',
      headerName: 'Time',
      width: 160,
      sortingOrder: ['desc', 'asc'],
      valueFormatter: (value: string) => formatDateTime(value),
    },
    { field: 'kind', headerName: 'Kind', width: 150, renderCell: ({ row }) => <Kind kind={row.kind} /> },
    { field: 'serial', headerName: 'Serial', flex: 1, minWidth: 160 },
    {
      field: 'denom',
      headerName: 'Denomination',
      width: 110,
      type: 'number',
      headerAlign: 'right',
      valueFormatter: (value: number) => `${value} g`,
    },
    {
      field: 'fromLocation',
      headerName: 'From',
      width: 90,
      valueGetter: (_value: never, row: VaultMovement) => orDash(row.fromLocation?.code),
    },
    { field: 'toLocation', headerName: 'To', width: 90, valueGetter: (_value: never, row: VaultMovement) => orDash(row.toLocation?.code) },
    { field: 'note', headerName: 'Note', flex: 1, minWidth: 140, optional: 1, valueFormatter: (value: string | null) => orDash(value) },
    {
      field: 'maker',
      headerName: 'Proposed by',
      width: 140,
      optional: 2,
      valueGetter: (_value: never, row: VaultMovement) => orDash(row.maker?.fullName),
    },
    {
      field: 'checker',
      headerName: 'Confirmed by',
      width: 140,
      optional: 3,
      valueGetter: (_value: never, row: VaultMovement) => orDash(row.checker?.fullName),
    },
  ],
});
