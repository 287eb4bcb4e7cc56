import { useMemo } from 'react';
import VisibilityOutlinedIcon from '@mui/icons-material/VisibilityOutlined';
import Alert from '@mui/material/Alert';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import type { GridColDef } from '@mui/x-data-grid';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { transactionListQuery } from '@gold/contract';
import { ServerDataGrid } from '@/components/data-grid/server-data-grid';
import { paths } from '@/config/paths';
import { filterUrlParam, useListUrlState } from '@/hooks/use-list-url-state';
import { useProductSymbol } from '@/lib/app-config';
import { formatDateTime, formatTokenAmount } from '@/lib/format';
import { useTransactions, type NumberedTransaction } from '../api/get-transactions';
import { ChainText } from './chain-text';
import { TransactionTypeFilter } from './transaction-type-filter';

/** The spec's columns; the grid makes those in the contract's sort whitelist (date, amount) sortable. */
function columnsFor(product: string): GridColDef<NumberedTransaction>[] {
  return [
    { field: 'no', headerName: 'No', width: 52 },
    {
      field: 'txhash',
      headerName: 'Transaction Hash',
      flex: 1,
      minWidth: 200,
      renderCell: ({ row, tabIndex }) => <ChainText value={row.txhash} name="transaction hash" tabIndex={tabIndex} />,
    },
    {
      field: 'from',
      headerName: 'From',
      flex: 1,
      minWidth: 200,
      renderCell: ({ row, tabIndex }) => <ChainText value={row.from} name="sender address" tabIndex={tabIndex} />,
    },
    {
      field: 'to',
      headerName: 'To',
      flex: 1,
      minWidth: 200,
      renderCell: ({ row, tabIndex }) => <ChainText value={row.to} name="receiver address" tabIndex={tabIndex} />,
    },
    {
      field: 'date',
      headerName: 'Date',
      width: 168,
      sortingOrder: ['desc', 'asc'],
      valueFormatter: (value: string) => formatDateTime(value),
    },
    {
      field: 'amount',
      headerName: `Amount in ${product}`,
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
      renderCell: ({ row, tabIndex }) => (
        <Tooltip title={`View transaction ${row.no}`}>
          <IconButton
            component={RouterLink}
            to={paths.app.transaction.getHref(row.id)}
            size="small"
            color="primary"
            tabIndex={tabIndex}
            aria-label={`View transaction ${row.no}`}
          >
            <VisibilityOutlinedIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      ),
    },
  ];
}

/**
 * /transaction-list's table: the token's Transfer logs, newest first, paged and sorted on the
 * server; searched by the start of a hash or an address, filtered by type (state in the URL).
 */
export function TransactionsTable() {
  const product = useProductSymbol();
  const list = useListUrlState(transactionListQuery);
  const transactions = useTransactions(list.query);
  const columns = useMemo(() => columnsFor(product), [product]);
  // The search takes only hex (a hash or an address): other text is not sent, and the list says why.
  const [searchParams] = useSearchParams();
  const typed = searchParams.get(filterUrlParam('search'))?.trim() ?? '';
  const unusableSearch = typed !== '' && list.search === '' ? typed : null;
  return (
    <Stack spacing={2}>
      <TransactionTypeFilter value={list.filters.type ?? ''} onChange={(type) => list.setFilter('type', type)} />
      {unusableSearch ? (
        <Alert severity="info">
          “{unusableSearch}” is not a transaction hash or a wallet address: search with its hex digits (0x optional). Every transaction is
          shown.
        </Alert>
      ) : null}
      <ServerDataGrid
        label="Transactions"
        columns={columns}
        list={list}
        result={transactions}
        searchLabel="Search transaction"
        searchPlaceholder="Hash or wallet address (0x…)"
        noun={{ one: 'transaction', other: 'transactions' }}
        errorTitle="Error fetching transactions"
      />
    </Stack>
  );
}
