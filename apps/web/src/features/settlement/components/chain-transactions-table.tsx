import { useMemo } from 'react';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import {
  chainTransactionKinds,
  chainTransactionListQuery,
  chainTransactionStates,
  type ChainTransaction,
  type ChainTransactionListQuery,
} from '@gold/contract';
import { defineList } from '@/components/data-grid/list-declaration';
import { ListTable } from '@/components/data-grid/list-table/list-table';
import type { List } from '@/components/data-grid/use-list';
import { formatDateTime, formatTokenAmount, orDash } from '@/lib/format';
import { chainTransactionsList } from '../api/get-chain-transactions';
import { useRetryChainTransaction } from '../api/retry-chain-transaction';
import { RowActionButton, useConfirmedRowAction } from './confirmed-row-action';
import {
  chainTransactionKindLabels,
  chainTransactionStateLabels,
  ChainStateChip,
  CellRow,
  RedemptionLink,
  TxHashLink,
} from './settlement-labels';

function StateCell({ row }: { row: ChainTransaction }) {
  const { t } = useTranslation();
  return (
    <CellRow>
      <ChainStateChip state={row.state} />
      {row.retriedBy !== null ? (
        <Typography variant="caption" color="text.secondary">
          {t('retried as {{id}}', { id: row.retriedBy })}
        </Typography>
      ) : null}
    </CellRow>
  );
}

function KindText({ kind }: { kind: ChainTransaction['kind'] }) {
  const { t } = useTranslation();
  return <>{t(chainTransactionKindLabels[kind])}</>;
}

function LastError({ error }: { error: string | null }) {
  if (!error) return <>{orDash(null)}</>;
  return (
    <Tooltip title={error}>
      <Typography variant="body2" noWrap component="span">
        {error}
      </Typography>
    </Tooltip>
  );
}

interface TransactionActions {
  askRetry: (row: ChainTransaction) => void;
}

/**
 * /settlement/transactions: the signer's outbox (burns, fee moves, refunds), newest first, with
 * each one's state; a failed one (not retried yet) gets a Retry button.
 */
export const chainTransactionsTable = defineList<ChainTransactionListQuery, ChainTransaction, TransactionActions>({
  id: 'chain-transactions',
  label: 'Chain transactions',
  query: chainTransactionListQuery,
  call: chainTransactionsList,
  noun: { one: 'transaction', other: 'transactions' },
  errorTitle: 'Error fetching the chain transactions',
  filters: [
    {
      kind: 'select',
      name: 'state',
      label: 'State',
      allLabel: 'All states',
      options: chainTransactionStates.map((state) => ({ value: state, label: chainTransactionStateLabels[state] })),
    },
    {
      kind: 'select',
      name: 'kind',
      label: 'Kind',
      allLabel: 'All kinds',
      options: chainTransactionKinds.map((kind) => ({ value: kind, label: chainTransactionKindLabels[kind] })),
    },
  ],
  columns: ({ askRetry }) => [
    { field: 'id', headerName: 'ID', width: 64 },
    { field: 'kind', headerName: 'Kind', width: 130, renderCell: ({ row }) => <KindText kind={row.kind} /> },
    { field: 'state', headerName: 'State', width: 170, renderCell: ({ row }) => <StateCell row={row} /> },
    {
      field: 'redemptionId',
      headerName: 'Redemption',
      width: 140,
      renderCell: ({ row, tabIndex }) => <RedemptionLink id={row.redemptionId} tabIndex={tabIndex} />,
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
      field: 'txHash',
      headerName: 'Transaction Hash',
      flex: 1,
      minWidth: 170,
      renderCell: ({ row, tabIndex }) => <TxHashLink hash={row.txHash} tabIndex={tabIndex} />,
    },
    {
      field: 'lastError',
      headerName: 'Last Error',
      flex: 1,
      minWidth: 160,
      optional: 1,
      renderCell: ({ row }) => <LastError error={row.lastError} />,
    },
    {
      field: 'createdAt',
      headerName: 'Queued at',
      width: 160,
      optional: 2,
      sortingOrder: ['desc', 'asc'],
      valueFormatter: (value: string) => formatDateTime(value),
    },
    {
      field: 'actions',
      headerName: 'Actions',
      width: 90,
      hideable: false,
      renderCell: ({ row, tabIndex }) => (
        <RowActionButton
          when={row.state === 'failed' && row.retriedBy === null}
          name="Retry transaction {{id}}"
          label="Retry"
          id={row.id}
          tabIndex={tabIndex}
          onClick={() => askRetry(row)}
        />
      ),
    },
  ],
});

/** The outbox with the retry's confirmation: a new transaction of the same movement, the failed one kept. */
export function ChainTransactionsTable({
  list,
}: {
  list: List<ChainTransactionListQuery, ChainTransaction, typeof chainTransactionsTable>;
}) {
  const { t } = useTranslation();
  const retry = useConfirmedRowAction<ChainTransaction, ChainTransaction>({
    mutation: useRetryChainTransaction(),
    title: (row) => t('Retry transaction {{id}}?', { id: row.id }),
    body: (row) =>
      t('A new {{kind}} of {{amount}} is queued for the signer; the failed transaction stays as it is.', {
        kind: t(chainTransactionKindLabels[row.kind]).toLowerCase(),
        amount: formatTokenAmount(row.amount),
      }),
    confirmLabel: t('Retry'),
    done: (row, queued) => t('Transaction {{id}} queued again as {{retry}}', { id: row.id, retry: queued.id }),
    failed: t('Transaction not retried'),
  });
  const context = useMemo(() => ({ askRetry: retry.ask }), [retry.ask]);
  return (
    <>
      <ListTable list={list} context={context} />
      {retry.dialog}
    </>
  );
}
