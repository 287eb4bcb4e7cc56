import { useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { DataGrid, type GridColDef, type GridPaginationModel, type GridSortModel, type GridValidRowModel } from '@mui/x-data-grid';
import { pageSizes, type Page } from '@gold/contract';
import type { ListUrlState } from '@/hooks/use-list-url-state';
import { isApiError } from '@/lib/api-client';
import { GridSearchField } from './grid-search-field';

/** What the grid needs of a list query's result (a TanStack `useQuery` result fits). */
export interface ListQueryResult<Row> {
  data: Page<Row> | undefined;
  error: Error | null;
  isFetching: boolean;
  refetch: () => unknown;
}

export interface ServerDataGridProps<Row extends GridValidRowModel> {
  /** The table's accessible name, e.g. 'Users'. */
  label: string;
  /** Columns; those whose `field` is in the contract's sort whitelist are sortable, no other. */
  columns: readonly GridColDef<Row>[];
  /** From `useListUrlState(contractQuery)`. */
  list: ListUrlState;
  /** From the feature's list hook, called with `list.query`. */
  result: ListQueryResult<Row>;
  /** A search box above the grid: its visible label ('Search user'); none when absent. */
  searchLabel?: string;
  searchPlaceholder?: string;
  /** Names of the rows for the result count: `{ one: 'user', other: 'users' }`. */
  noun: { one: string; other: string };
  /** The heading of the error message, e.g. 'Error fetching users'. */
  errorTitle: string;
}

function errorMessage(error: Error): string {
  return isApiError(error) ? error.message : 'The server sent an answer the console cannot read.';
}

/**
 * One list screen's table: paged, sorted and searched on the server, its state in the URL
 * (`useListUrlState`). Shows loading, empty and error-with-retry states.
 */
export function ServerDataGrid<Row extends GridValidRowModel>({
  label,
  columns,
  list,
  result,
  searchLabel,
  searchPlaceholder,
  noun,
  errorTitle,
}: ServerDataGridProps<Row>) {
  const total = result.data?.total;
  // The grid goes back to the first page when it is told there are no rows: while a page loads
  // (or failed) it keeps the last known total, or "unknown" (-1) before the first answer.
  const [knownTotal, setKnownTotal] = useState<number>(-1);
  if (total !== undefined && total !== knownTotal) setKnownTotal(total);
  const rowCount = total ?? knownTotal;

  const gridColumns = useMemo(
    () => columns.map((column) => ({ ...column, sortable: (list.sortFields as readonly string[]).includes(column.field) })),
    [columns, list.sortFields],
  );
  const sortModel = useMemo<GridSortModel>(() => [{ field: list.sort, sort: list.order }], [list.sort, list.order]);
  const paginationModel = useMemo<GridPaginationModel>(() => ({ page: list.page, pageSize: list.pageSize }), [list.page, list.pageSize]);

  const onPaginationModelChange = (model: GridPaginationModel) => {
    // The grid moves back from a page past the end by itself: that corrects the URL, it is no step back.
    const lastPage = rowCount >= 0 ? Math.max(0, Math.ceil(rowCount / list.pageSize) - 1) : Infinity;
    list.setPagination(model, { replace: list.page > lastPage });
  };
  const onSortModelChange = (model: GridSortModel) => {
    const [first] = model;
    list.setSort(first?.sort ? first.field : null, first?.sort ?? undefined);
  };

  const failure = result.isFetching ? null : result.error;
  const rows = result.data?.data ?? [];
  const searching = list.search !== '';
  // Filters other than the search (a status...) narrow the list too: "yet" would say there are none at all.
  const filtered = Object.keys(list.filters).some((name) => name !== 'search');
  const emptyMessage = failure
    ? `No ${noun.other} to show.`
    : searching
      ? `No ${noun.other} match “${list.search}”.`
      : filtered
        ? `No ${noun.other} match the filter.`
        : `No ${noun.other} yet.`;
  // Read out by screen readers (the region is there before it fills): loading, then how many match a search.
  const status = result.isFetching
    ? `Loading ${noun.other}…`
    : searching && total !== undefined
      ? `${total.toLocaleString('id-ID')} ${total === 1 ? `${noun.one} matches` : `${noun.other} match`} “${list.search}”`
      : '';

  return (
    <Stack spacing={2}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' }, minHeight: 40 }}>
        {searchLabel ? (
          <GridSearchField label={searchLabel} placeholder={searchPlaceholder} value={list.search} onSearch={list.setSearch} />
        ) : null}
        <Typography role="status" variant="body2" color="text.secondary">
          {status}
        </Typography>
      </Stack>
      {failure ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void result.refetch()}>
              Retry
            </Button>
          }
        >
          <AlertTitle>{errorTitle}</AlertTitle>
          {errorMessage(failure)}
        </Alert>
      ) : null}
      <Paper variant="outlined" sx={{ width: '100%', overflow: 'hidden' }}>
        <DataGrid<Row>
          aria-label={label}
          rows={rows}
          columns={gridColumns}
          rowCount={rowCount}
          loading={result.isFetching}
          paginationMode="server"
          sortingMode="server"
          filterMode="server"
          paginationModel={paginationModel}
          onPaginationModelChange={onPaginationModelChange}
          pageSizeOptions={pageSizes}
          sortModel={sortModel}
          onSortModelChange={onSortModelChange}
          sortingOrder={['asc', 'desc']}
          disableColumnFilter
          disableColumnMenu
          disableRowSelectionOnClick
          autoHeight
          localeText={{ noRowsLabel: emptyMessage }}
          slotProps={{ loadingOverlay: { variant: 'linear-progress', noRowsVariant: 'skeleton' } }}
          // Nine columns or so fit beside the open menu on a 1400 px screen at this size.
          sx={{ border: 0, fontSize: '0.8125rem', '& .MuiDataGrid-cell, & .MuiDataGrid-columnHeader': { px: 1 } }}
        />
      </Paper>
    </Stack>
  );
}
