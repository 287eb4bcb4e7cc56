import Link from '@mui/material/Link';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { purchaseListQuery } from '@gold/contract';
import { defineList } from '@/components/data-grid/list-declaration';
import { paths } from '@/config/paths';
import { formatDateTime, formatTokenAmount, orDash } from '@/lib/format';
import { purchasesList } from '../api/get-purchases';

/** The UID column's link to the buyer, named by the buyer's id and name. */
function BuyerLink({ userId, fullname, tabIndex }: { userId: number; fullname: string; tabIndex: 0 | -1 }) {
  const { t } = useTranslation();
  return (
    <Link
      component={RouterLink}
      to={paths.app.customer.getHref(userId)}
      tabIndex={tabIndex}
      aria-label={t('User {{id}}: {{name}}', { id: userId, name: fullname })}
    >
      {userId}
    </Link>
  );
}

/**
 * /purchased-list: purchases, newest first, paged and sorted (date, amount) on the server, searched
 * by the buyer's name or e-mail. The spec's columns: No, UID, Fullname, NIK, Email, Date, Amount;
 * a purchase's detail is its buyer. Texts are English keys: the list mechanism translates them where
 * it draws them.
 */
export const purchasesTable = defineList({
  // Kept as it was: the admins' remembered column choices are stored under it.
  id: 'orders',
  label: '{{product}} purchases',
  query: purchaseListQuery,
  call: purchasesList,
  noun: { one: 'purchase', other: 'purchases' },
  errorTitle: 'Error fetching purchases',
  filters: [{ kind: 'text', name: 'search', label: 'Search purchase', placeholder: "Buyer's name or e-mail" }],
  exportResource: 'orders',
  detailHref: (row) => paths.app.customer.getHref(row.userId),
  columns: () => [
    { field: 'no', headerName: 'No', width: 64 },
    {
      field: 'userId',
      headerName: 'UID',
      width: 80,
      hideable: false,
      renderCell: ({ row, tabIndex }) => <BuyerLink userId={row.userId} fullname={row.fullname} tabIndex={tabIndex} />,
    },
    { field: 'fullname', headerName: 'Fullname', flex: 1, minWidth: 150 },
    { field: 'NIK', headerName: 'NIK', width: 160, optional: 1, valueFormatter: (value: string | null) => orDash(value) },
    { field: 'email', headerName: 'Email', flex: 1.2, minWidth: 170 },
    {
      field: 'date',
      headerName: 'Date',
      width: 168,
      sortingOrder: ['desc', 'asc'],
      // `date` is the sort field; the time shown is the purchase's, in WIB like `WIBdate`.
      valueGetter: (_value, row) => row.createdAt,
      valueFormatter: (value: string) => formatDateTime(value),
    },
    {
      field: 'amount',
      headerName: 'Amount in {{product}}',
      width: 140,
      type: 'number',
      headerAlign: 'right',
      sortingOrder: ['desc', 'asc'],
      valueFormatter: (value: string) => formatTokenAmount(value),
    },
  ],
});
