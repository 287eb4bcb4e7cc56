import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { pieceStatuses, vaultPieceListQuery, type VaultPiece, type VaultPieceListQuery } from '@gold/contract';
import { defineList, type SelectOptions } from '@/components/data-grid/list-declaration';
import { formatDate, orDash } from '@/lib/format';
import { useDenominationChoices } from '../api/get-denomination-choices';
import { piecesList } from '../api/get-pieces';
import { useVaultLocations } from '../api/get-locations';
import { pieceStatusLabels } from '../lib/labels';
import { PieceStatusChip } from './piece-status-chip';

function useLocationOptions(): SelectOptions {
  const locations = useVaultLocations();
  return {
    options: (locations.data?.data ?? []).map((location) => ({ value: String(location.id), label: `${location.code} · ${location.name}` })),
    pending: locations.isPending,
    failed: locations.isError,
  };
}

function useDenominationOptions(): SelectOptions {
  const denominations = useDenominationChoices();
  return {
    options: (denominations.data?.data ?? []).map((row) => ({ value: String(row.id), label: `${row.denom} g` })),
    pending: denominations.isPending,
    failed: denominations.isError,
  };
}

/** The pieces ticked for a write-off or a transfer (kept across pages), and their toggles. */
export interface PieceSelection {
  selected: ReadonlyMap<number, VaultPiece>;
  toggle: (piece: VaultPiece) => void;
  /** Shown only to whom may move stock: a read-only role sees no boxes. */
  selectable: boolean;
}

function SelectCell({ row, tabIndex, selection }: { row: VaultPiece; tabIndex: 0 | -1; selection: PieceSelection }) {
  const { t } = useTranslation();
  if (row.status !== 'in_vault') return null;
  return (
    <Checkbox
      size="small"
      checked={selection.selected.has(row.id)}
      onChange={() => selection.toggle(row)}
      slotProps={{ input: { tabIndex, 'aria-label': t('Select piece {{serial}}', { serial: row.serial }) } }}
    />
  );
}

function Serial({ piece }: { piece: VaultPiece }) {
  const { t } = useTranslation();
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', height: '100%' }}>
      <span style={{ fontFamily: 'monospace' }}>{piece.serial}</span>
      {piece.placeholder ? (
        <Chip
          size="small"
          variant="outlined"
          color="warning"
          label={t('Placeholder')}
          title={t('Generated when counts became pieces: read the serial off the bar at the next count')}
        />
      ) : null}
    </Stack>
  );
}

/**
 * /vault: the bar list, a row per physical piece, paged in the database; by location, status and
 * denomination, searched by the serial's start. Pieces in the vault can be ticked for a write-off
 * or a transfer (by a role that may move stock).
 */
export const piecesTable = defineList<VaultPieceListQuery, VaultPiece, { selection: PieceSelection }>({
  id: 'vault-pieces',
  label: 'Pieces',
  query: vaultPieceListQuery,
  call: piecesList,
  noun: { one: 'piece', other: 'pieces' },
  errorTitle: 'Error fetching the pieces',
  exportResource: 'pieces',
  filters: [
    { kind: 'text', name: 'search', label: 'Search serial', placeholder: 'Serial starts with' },
    { kind: 'select', name: 'locationId', label: 'Location', allLabel: 'All locations', useOptions: useLocationOptions, minWidth: 180 },
    {
      kind: 'select',
      name: 'status',
      label: 'Status',
      allLabel: 'All statuses',
      options: pieceStatuses.map((status) => ({ value: status, label: pieceStatusLabels[status] })),
      minWidth: 160,
    },
    {
      kind: 'select',
      name: 'denominationId',
      label: 'Denomination',
      allLabel: 'All denominations',
      useOptions: useDenominationOptions,
      minWidth: 160,
    },
  ],
  columns: ({ selection }) => [
    ...(selection.selectable
      ? [
          {
            field: 'select',
            headerName: 'Select',
            width: 70,
            hideable: false,
            renderCell: ({ row, tabIndex }: { row: VaultPiece; tabIndex: 0 | -1 }) => (
              <SelectCell row={row} tabIndex={tabIndex} selection={selection} />
            ),
          },
        ]
      : []),
    { field: 'serial', headerName: 'Serial', flex: 1, minWidth: 200, renderCell: ({ row }) => <Serial piece={row} /> },
    {
      field: 'denom',
      headerName: 'Denomination',
      width: 120,
      type: 'number',
      headerAlign: 'right',
      valueFormatter: (value: number) => `${value} g`,
    },
    { field: 'location', headerName: 'Location', width: 110, valueGetter: (_value: never, row: VaultPiece) => row.location.code },
    { field: 'status', headerName: 'Status', width: 150, renderCell: ({ row }) => <PieceStatusChip status={row.status} /> },
    { field: 'refiner', headerName: 'Refiner', flex: 1, minWidth: 130, optional: 2 },
    { field: 'fineness', headerName: 'Fineness', width: 100, type: 'number', headerAlign: 'right', optional: 3 },
    {
      field: 'receiptReference',
      headerName: 'Reference',
      width: 150,
      optional: 1,
      valueFormatter: (value: string | null) => orDash(value),
    },
    {
      field: 'receivedAt',
      headerName: 'Received',
      width: 120,
      sortingOrder: ['desc', 'asc'],
      valueFormatter: (value: string) => formatDate(value),
    },
  ],
});
