import { useMemo } from 'react';
import Link from '@mui/material/Link';
import type { GridColDef } from '@mui/x-data-grid';
import { Link as RouterLink } from 'react-router';
import { orderListQuery } from '@gold/contract';
import { ServerDataGrid } from '@/components/data-grid/server-data-grid';
import { paths } from '@/config/paths';
import { useListUrlState } from '@/hooks/use-list-url-state';
import { useProductSymbol } from '@/lib/app-config';
import { formatDateTime, formatTokenAmount, orDash } from '@/lib/format';
import { useOrders, type NumberedOrder } from '../api/get-orders';

/** The spec's columns (No, UID, Fullname, NIK, Email, Date, Amount); date and amount are sortable. */
function columnsFor(product: string): GridColDef<NumberedOrder>[] {
  return [
    { field: 'no', headerName: 'No', width: 64 },
    {
      field: 'userId',
      headerName: 'UID',
      width: 80,
      renderCell: ({ row, tabIndex }) => (
        <Link
          component={RouterLink}
          to={paths.app.user.getHref(row.userId)}
          tabIndex={tabIndex}
          aria-label={`User ${row.userId}: ${row.fullname}`}
        >
          {row.userId}
        </Link>
      ),
    },
    { field: 'fullname', headerName: 'Fullname', flex: 1, minWidth: 150 },
    { field: 'NIK', headerName: 'NIK', width: 160, valueFormatter: (value: string | null) => orDash(value) },
    { field: 'email', headerName: 'Email', flex: 1.2, minWidth: 170 },
    {
      field: 'date',
      headerName: 'Date',
      width: 168,
      sortingOrder: ['desc', 'asc'],
      // `date` is the sort field; the time shown is the order's, in WIB like `WIBdate`.
      valueGetter: (_value, row) => row.createdAt,
      valueFormatter: (value: string) => formatDateTime(value),
    },
    {
      field: 'amount',
      headerName: `Amount in ${product}`,
      width: 140,
      type: 'number',
      headerAlign: 'right',
      sortingOrder: ['desc', 'asc'],
      valueFormatter: (value: string) => formatTokenAmount(value),
    },
  ];
}

/** /purchased-list's table: purchases, newest first, paged and sorted on the server, searched by the buyer's name or e-mail. */
export function OrdersTable() {
  const product = useProductSymbol();
  const list = useListUrlState(orderListQuery);
  const orders = useOrders(list.query);
  const columns = useMemo(() => columnsFor(product), [product]);
  return (
    <ServerDataGrid
      label={`${product} purchases`}
      columns={columns}
      list={list}
      result={orders}
      searchLabel="Search purchase"
      searchPlaceholder="Buyer's name or e-mail"
      noun={{ one: 'purchase', other: 'purchases' }}
      errorTitle="Error fetching purchases"
    />
  );
}
