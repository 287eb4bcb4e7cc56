import Chip from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';
import { reserveHistoryQuery, type ReserveSnapshot, type ReserveSnapshotReason } from '@gold/contract';
import { defineList, type ListColumn } from '@/components/data-grid/list-declaration';
import { formatDateTime } from '@/lib/format';
import type { Numbered } from '@/lib/list-call';
import { reserveHistoryList } from '../api/get-reserve-history';
import { formatCoverage, formatGrams } from '../lib/describe-reserves';

/** Why a snapshot was written, as an operator would say it (English keys, translated where drawn). */
const reasonLabels: Record<ReserveSnapshotReason, string> = {
  start: 'First reading',
  'mint-burn': 'Mint or burn',
  'stock-added': 'Stock added',
  approval: 'Redemption approved',
  'stock-removed': 'Stock removed',
};

const grams = (value: string) => formatGrams(value);

function SnapshotCause({ reason }: { reason: ReserveSnapshotReason }) {
  const { t } = useTranslation();
  return t(reasonLabels[reason] ?? reason);
}

function BackedChip({ snapshot }: { snapshot: ReserveSnapshot }) {
  const { t } = useTranslation();
  return snapshot.backed ? (
    <Chip size="small" color="success" variant="outlined" label={t('Backed')} />
  ) : (
    <Chip size="small" color="error" label={t('Short {{grams}}', { grams: formatGrams(snapshot.shortfallGrams) })} />
  );
}

/** The reserves history: one row per snapshot, newest first, paged on the server, exported as CSV. */
export const reserveHistoryTable = defineList({
  id: 'reserve-history',
  label: 'Reserves history',
  query: reserveHistoryQuery,
  call: reserveHistoryList,
  noun: { one: 'snapshot', other: 'snapshots' },
  errorTitle: 'Error fetching the reserves history',
  exportResource: 'reserves',
  columns: (): ListColumn<Numbered<ReserveSnapshot>>[] => [
    {
      field: 'createdAt',
      headerName: 'Time',
      width: 160,
      sortingOrder: ['desc', 'asc'],
      valueFormatter: (value: string) => formatDateTime(value),
    },
    { field: 'reason', headerName: 'Cause', width: 170, renderCell: ({ row }) => <SnapshotCause reason={row.reason} /> },
    { field: 'supply', headerName: '{{product}} outstanding', flex: 1, minWidth: 130, valueFormatter: grams },
    { field: 'vaultGrams', headerName: 'Gold in the vault', flex: 1, minWidth: 130, valueFormatter: grams },
    { field: 'reservedGrams', headerName: 'Reserved', width: 120, optional: 2, valueFormatter: grams },
    { field: 'coveragePercent', headerName: 'Coverage', width: 110, valueFormatter: (value: string | null) => formatCoverage(value) },
    {
      field: 'backed',
      headerName: 'Backed',
      width: 150,
      renderCell: ({ row }) => <BackedChip snapshot={row} />,
    },
    { field: 'blockNumber', headerName: 'Block', width: 100, optional: 1 },
  ],
});
