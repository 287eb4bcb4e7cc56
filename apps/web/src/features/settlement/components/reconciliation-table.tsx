import { useTranslation } from 'react-i18next';
import { reconciliationKinds, reconciliationListQuery, type ReconciliationItem } from '@gold/contract';
import { defineList } from '@/components/data-grid/list-declaration';
import { formatDateTime, formatTokenAmount, orDash } from '@/lib/format';
import { reconciliationList } from '../api/get-reconciliation';
import { CellRow, formatElapsed, InFlightChip, reconciliationKindLabels, RedemptionLink, TxHashLink } from './settlement-labels';

/** What an item concerns: its redemption, else its deposit or transaction, by id. */
function Concerns({ row, tabIndex }: { row: ReconciliationItem; tabIndex: 0 | -1 }) {
  const { t } = useTranslation();
  if (row.redemptionId !== null) return <RedemptionLink id={row.redemptionId} tabIndex={tabIndex} />;
  if (row.depositId !== null) return <>{t('Deposit {{id}}', { id: row.depositId })}</>;
  if (row.transactionId !== null) return <>{t('Transaction {{id}}', { id: row.transactionId })}</>;
  return <>{orDash(null)}</>;
}

function KindCell({ row }: { row: ReconciliationItem }) {
  const { t } = useTranslation();
  return (
    <CellRow>
      <span>{t(reconciliationKindLabels[row.kind])}</span>
      {row.inFlight ? <InFlightChip /> : null}
    </CellRow>
  );
}

/**
 * /settlement: every difference between hand-overs, escrow deposits, refunds and burns on chain,
 * oldest first, with its age; those only in flight marked (they resolve by themselves). Filtered
 * by view and kind on the server; exported as CSV with the same filters.
 */
export const reconciliationTable = defineList({
  id: 'reconciliation',
  label: 'Reconciliation',
  query: reconciliationListQuery,
  call: reconciliationList,
  noun: { one: 'difference', other: 'differences' },
  errorTitle: 'Error fetching the reconciliation',
  filters: [
    {
      kind: 'select',
      name: 'view',
      label: 'Show',
      allLabel: 'Differences and in flight',
      options: [
        { value: 'differences', label: 'Differences only' },
        { value: 'in-flight', label: 'In flight only' },
      ],
    },
    {
      kind: 'select',
      name: 'kind',
      label: 'Kind',
      allLabel: 'All kinds',
      options: reconciliationKinds.map((kind) => ({ value: kind, label: reconciliationKindLabels[kind] })),
      minWidth: 220,
    },
  ],
  exportResource: 'reconciliation',
  columns: () => [
    {
      field: 'since',
      headerName: 'Age',
      width: 150,
      renderCell: ({ row }) => <span title={formatDateTime(row.since)}>{formatElapsed(row.ageSeconds)}</span>,
    },
    { field: 'kind', headerName: 'Difference', flex: 1, minWidth: 220, renderCell: ({ row }) => <KindCell row={row} /> },
    {
      field: 'concerns',
      headerName: 'Concerns',
      width: 150,
      renderCell: ({ row, tabIndex }) => <Concerns row={row} tabIndex={tabIndex} />,
    },
    {
      field: 'txHash',
      headerName: 'Transaction Hash',
      flex: 1,
      minWidth: 180,
      optional: 2,
      renderCell: ({ row, tabIndex }) => <TxHashLink hash={row.txHash} tabIndex={tabIndex} />,
    },
    {
      field: 'expected',
      headerName: 'Expected',
      width: 130,
      type: 'number',
      headerAlign: 'right',
      valueFormatter: (value: string | null) => (value === null ? orDash(null) : formatTokenAmount(value)),
    },
    {
      field: 'actual',
      headerName: 'Actual',
      width: 130,
      type: 'number',
      headerAlign: 'right',
      optional: 1,
      valueFormatter: (value: string | null) => (value === null ? orDash(null) : formatTokenAmount(value)),
    },
  ],
});
