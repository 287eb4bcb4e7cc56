import VisibilityOutlinedIcon from '@mui/icons-material/VisibilityOutlined';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { transactionListQuery, transactionTypes } from '@gold/contract';
import { defineList } from '@/components/data-grid/list-declaration';
import { paths } from '@/config/paths';
import { formatDateTime, formatTokenAmount } from '@/lib/format';
import { i18n } from '@/lib/i18n';
import { transactionsList } from '../api/get-transactions';
import { transactionTypeLabels } from '../lib/transaction-types';
import { ChainText } from './chain-text';

/** The detail column's link to one transaction, named by its row number. */
function TransactionDetailLink({ id, no, tabIndex }: { id: number; no: number; tabIndex: 0 | -1 }) {
  const { t } = useTranslation();
  const name = t('View transaction {{no}}', { no });
  return (
    <Tooltip title={name}>
      <IconButton
        component={RouterLink}
        to={paths.app.transaction.getHref(id)}
        size="small"
        color="primary"
        tabIndex={tabIndex}
        aria-label={name}
      >
        <VisibilityOutlinedIcon fontSize="small" />
      </IconButton>
    </Tooltip>
  );
}

/** A transfer whose block is not final yet: its date with a mark (it may still leave the list if the block is abandoned). */
function PendingDate({ date }: { date: string }) {
  const { t } = useTranslation();
  return (
    <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', height: '100%' }}>
      <span>{formatDateTime(date)}</span>
      <Tooltip title={t('Not final yet: its block can still be replaced on the chain')}>
        <Chip size="small" variant="outlined" color="warning" label={t('Pending')} />
      </Tooltip>
    </Stack>
  );
}

/**
 * /transaction-list: the token's Transfer logs, newest first, paged and sorted (date, amount) on
 * the server; searched by the start of a hash or an address, filtered by type. Texts are English
 * keys: the list mechanism translates them where it draws them.
 */
export const transactionsTable = defineList({
  id: 'transactions',
  label: 'Transactions',
  query: transactionListQuery,
  call: transactionsList,
  noun: { one: 'transaction', other: 'transactions' },
  errorTitle: 'Error fetching transactions',
  filters: [
    {
      kind: 'text',
      name: 'search',
      label: 'Search transaction',
      placeholder: 'Hash or wallet address (0x…)',
      // The search takes only hex (a hash or an address): other text is not sent, and the list says why.
      // Called where the list draws it, so in the language of the moment.
      refusedMessage: (text) =>
        i18n.t(
          '“{{text}}” is not a transaction hash or a wallet address: search with its hex digits (0x optional). Every transaction is shown.',
          { text },
        ),
    },
    {
      kind: 'select',
      name: 'type',
      label: 'Type',
      allLabel: 'All types',
      options: transactionTypes.map((type) => ({ value: type, label: transactionTypeLabels[type] })),
    },
  ],
  exportResource: 'transactions',
  detailHref: (row) => paths.app.transaction.getHref(row.id),
  columns: () => [
    { field: 'no', headerName: 'No', width: 52, optional: 1 },
    {
      field: 'txhash',
      headerName: 'Transaction Hash',
      flex: 1,
      minWidth: 200,
      // Also on the detail page, which the row opens.
      optional: 2,
      renderCell: ({ row, tabIndex }) => <ChainText value={row.txhash} kind="hash" tabIndex={tabIndex} />,
    },
    {
      field: 'from',
      headerName: 'From',
      flex: 1,
      minWidth: 200,
      renderCell: ({ row, tabIndex }) => <ChainText value={row.from} kind="sender" tabIndex={tabIndex} />,
    },
    {
      field: 'to',
      headerName: 'To',
      flex: 1,
      minWidth: 200,
      renderCell: ({ row, tabIndex }) => <ChainText value={row.to} kind="receiver" tabIndex={tabIndex} />,
    },
    {
      field: 'date',
      headerName: 'Date',
      width: 168,
      sortingOrder: ['desc', 'asc'],
      valueFormatter: (value: string) => formatDateTime(value),
      renderCell: ({ row }) => (row.pending ? <PendingDate date={row.date} /> : formatDateTime(row.date)),
    },
    {
      field: 'amount',
      headerName: 'Amount in {{product}}',
      width: 165,
      type: 'number',
      headerAlign: 'right',
      sortingOrder: ['desc', 'asc'],
      valueFormatter: (value: string) => formatTokenAmount(value),
    },
    {
      field: 'detail',
      headerName: 'Detail',
      width: 62,
      hideable: false,
      renderCell: ({ row, tabIndex }) => <TransactionDetailLink id={row.id} no={row.no} tabIndex={tabIndex} />,
    },
  ],
});
