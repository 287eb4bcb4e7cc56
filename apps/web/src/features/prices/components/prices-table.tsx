import type { ReactNode } from 'react';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { priceListQuery, type StoredPrice } from '@gold/contract';
import { defineList } from '@/components/data-grid/list-declaration';
import { formatDateTime, formatIdr } from '@/lib/format';
import type { Numbered } from '@/lib/list-call';
import { pricesList } from '../api/get-prices';
import { PriceHistoryFigure } from './price-history-chart';

/** The page's prices charted oldest first above the grid: the chart shows exactly the rows listed. */
function PagePriceChart({ rows, children }: { rows: readonly Numbered<StoredPrice>[]; children: ReactNode }) {
  const { t } = useTranslation();
  const points = [...rows]
    .sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id - b.id)
    .map((row) => ({ date: row.createdAt, harga_jual: row.harga_jual, harga_beli: row.harga_beli }));
  return (
    <Stack spacing={2}>
      {points.length > 0 ? (
        <Paper variant="outlined" component="section" aria-labelledby="price-page-chart-heading" sx={{ p: 2.5 }}>
          <Typography id="price-page-chart-heading" variant="h3" component="h2" sx={{ mb: 1 }}>
            {t('Prices on this page')}
          </Typography>
          <PriceHistoryFigure points={points} />
        </Paper>
      ) : null}
      {children}
    </Stack>
  );
}

const idrColumn = { width: 170, type: 'number', headerAlign: 'right', sortingOrder: ['desc', 'asc'] } as const;

/** /price-history: every stored price, newest first, paged and sorted (date, selling, buy-back price) on the server. */
export const pricesTable = defineList({
  id: 'prices',
  label: 'Prices',
  query: priceListQuery,
  call: pricesList,
  noun: { one: 'price', other: 'prices' },
  errorTitle: 'Error fetching prices',
  RowsProvider: PagePriceChart,
  columns: () => [
    { field: 'no', headerName: 'No', width: 52, optional: 1 },
    {
      field: 'createdAt',
      headerName: 'Set At',
      flex: 1,
      minWidth: 180,
      sortingOrder: ['desc', 'asc'],
      valueFormatter: (value: string) => formatDateTime(value),
    },
    {
      field: 'harga_jual',
      headerName: 'Selling Price per {{product}}',
      ...idrColumn,
      valueFormatter: (value: number) => formatIdr(value),
    },
    {
      field: 'harga_beli',
      headerName: 'Buy-back Price per {{product}}',
      ...idrColumn,
      valueFormatter: (value: number) => formatIdr(value),
    },
  ],
});
