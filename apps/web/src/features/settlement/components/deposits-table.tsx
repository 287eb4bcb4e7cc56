import { useMemo } from 'react';
import Chip from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';
import { escrowDepositListQuery, type EscrowDeposit, type EscrowDepositListQuery } from '@gold/contract';
import { defineList } from '@/components/data-grid/list-declaration';
import { ListTable } from '@/components/data-grid/list-table/list-table';
import type { List } from '@/components/data-grid/use-list';
import { formatDateTime, formatTokenAmount } from '@/lib/format';
import { depositsList } from '../api/get-deposits';
import { useRefundDeposit } from '../api/refund-deposit';
import { RowActionButton, useConfirmedRowAction } from './confirmed-row-action';
import { AddressText, CellRow, ChainStateChip, RedemptionLink, TxHashLink } from './settlement-labels';

const unmatchedReasonLabels = {
  'unknown-wallet': 'Unknown wallet',
  'no-open-request': 'No open request',
  'amount-differs': 'Amount differs',
} as const;

/** Only a final deposit no open redemption holds, not yet released, can be refunded by an operator. */
const refundable = (row: EscrowDeposit) => row.final && row.release === null && row.redemptionId === null;

function Holder({ row, tabIndex }: { row: EscrowDeposit; tabIndex: 0 | -1 }) {
  const { t } = useTranslation();
  if (row.redemptionId !== null) return <RedemptionLink id={row.redemptionId} tabIndex={tabIndex} />;
  return (
    <Chip size="small" color="warning" variant="outlined" label={t(unmatchedReasonLabels[row.unmatchedReason ?? 'no-open-request'])} />
  );
}

function Release({ row }: { row: EscrowDeposit }) {
  const { t } = useTranslation();
  if (row.refund) {
    return (
      <CellRow>
        <span>{t('Refund')}</span>
        <ChainStateChip state={row.refund.state} />
      </CellRow>
    );
  }
  if (row.release === 'burn') return <>{t('Burned with its hand-over')}</>;
  return <>{row.final ? t('Held') : t('Pending')}</>;
}

interface DepositActions {
  askRefund: (row: EscrowDeposit) => void;
}

/**
 * /settlement/deposits: transfers into the escrow address, newest first; by default the unmatched
 * ones an operator must resolve (a final one gets a Refund button), or every held one, or all.
 */
export const depositsTable = defineList<EscrowDepositListQuery, EscrowDeposit, DepositActions>({
  id: 'escrow-deposits',
  label: 'Escrow deposits',
  query: escrowDepositListQuery,
  call: depositsList,
  noun: { one: 'deposit', other: 'deposits' },
  errorTitle: 'Error fetching the escrow deposits',
  filters: [
    {
      kind: 'select',
      name: 'view',
      label: 'Show',
      // The contract's default (unmatched) is the list without the filter.
      allLabel: 'Unmatched',
      options: [
        { value: 'held', label: 'Held' },
        { value: 'all', label: 'All deposits' },
      ],
    },
  ],
  columns: ({ askRefund }) => [
    {
      field: 'createdAt',
      headerName: 'Seen',
      width: 160,
      sortingOrder: ['desc', 'asc'],
      valueFormatter: (value: string) => formatDateTime(value),
    },
    {
      field: 'from',
      headerName: 'From',
      flex: 1,
      minWidth: 190,
      renderCell: ({ row }) => <AddressText address={row.from} />,
    },
    {
      field: 'txhash',
      headerName: 'Transaction Hash',
      flex: 1,
      minWidth: 170,
      optional: 1,
      renderCell: ({ row, tabIndex }) => <TxHashLink hash={row.txhash} tabIndex={tabIndex} />,
    },
    {
      field: 'amount',
      headerName: 'Amount in {{product}}',
      width: 140,
      type: 'number',
      headerAlign: 'right',
      valueFormatter: (value: string) => formatTokenAmount(value),
    },
    {
      field: 'redemptionId',
      headerName: 'Redemption',
      width: 160,
      renderCell: ({ row, tabIndex }) => <Holder row={row} tabIndex={tabIndex} />,
    },
    { field: 'release', headerName: 'State', width: 150, renderCell: ({ row }) => <Release row={row} /> },
    {
      field: 'actions',
      headerName: 'Actions',
      width: 100,
      hideable: false,
      renderCell: ({ row, tabIndex }) => (
        <RowActionButton
          when={refundable(row)}
          name="Refund deposit {{id}}"
          label="Refund"
          id={row.id}
          tabIndex={tabIndex}
          onClick={() => askRefund(row)}
        />
      ),
    },
  ],
});

/** The deposits list with the refund's confirmation: the tokens go back to the wallet they came from. */
export function DepositsTable({ list }: { list: List<EscrowDepositListQuery, EscrowDeposit, typeof depositsTable> }) {
  const { t } = useTranslation();
  const refund = useConfirmedRowAction<EscrowDeposit, EscrowDeposit>({
    mutation: useRefundDeposit(),
    title: (row) => t('Refund deposit {{id}}?', { id: row.id }),
    body: (row) =>
      t('{{amount}} go back to {{wallet}}. The refund is signed and sent by the signer; it cannot be undone here.', {
        amount: formatTokenAmount(row.amount),
        wallet: row.from,
      }),
    confirmLabel: t('Refund'),
    confirmColor: 'error',
    done: (row) => t('Refund of deposit {{id}} queued', { id: row.id }),
    failed: t('Deposit not refunded'),
  });
  const context = useMemo(() => ({ askRefund: refund.ask }), [refund.ask]);
  return (
    <>
      <ListTable list={list} context={context} />
      {refund.dialog}
    </>
  );
}
