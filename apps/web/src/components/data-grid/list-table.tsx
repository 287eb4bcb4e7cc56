import { useMemo, useState, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { DataGrid, type GridColDef, type GridPaginationModel, type GridSortModel, type GridValidRowModel } from '@mui/x-data-grid';
import { useQuery } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { pageSizes } from '@gold/contract';
import { QueryError } from '@/components/query-state';
import { useListUrlState, type BaseListQuery, type ListUrlState } from '@/hooks/use-list-url-state';
import { useProductSymbol } from '@/lib/app-config';
import type { ListCallQuery, Numbered } from '@/lib/list-call';
import { useColumnVisibility } from './column-visibility';
import type { ListContext, ListDeclaration, ListNoun } from './list-declaration';
import { ListFilters } from './list-filters';

/** What the columns need besides the product: required when the declaration asks for more. */
type ContextProp<Extra> = keyof Extra extends never ? { context?: Extra } : { context: Extra };

export type ListTableProps<Query extends BaseListQuery & ListCallQuery, Row extends GridValidRowModel, Extra> = {
  list: ListDeclaration<Query, Row, Extra>;
  /** Another accessible name for the grid (the same list on another page). */
  label?: string;
} & ContextProp<Extra>;

/** The data grid's default header, row and footer heights (standard density), in px. */
const gridHeaderPx = 56;
const gridRowPx = 52;
const gridFooterPx = 53;
const noRows: never[] = [];

/** A click or Enter that lands on a control of its own (a link, a copy or retry button) is that control's. */
const onControl = (target: EventTarget) =>
  target instanceof Element && target.closest('a, button, input, select, textarea, [role="button"], [role="checkbox"]') !== null;

/** The line above the grid, read out by screen readers: loading, then how many match a search. */
function statusText(list: ListUrlState, fetching: boolean, total: number | undefined, noun: ListNoun, t: TFunction) {
  const items = t(noun.other);
  if (fetching) return t('Loading {{items}}…', { items });
  if (list.search === '' || total === undefined) return '';
  const shown = { total: total.toLocaleString('id-ID'), search: list.search };
  return total === 1
    ? t('{{total}} {{item}} matches “{{search}}”', { ...shown, item: t(noun.one) })
    : t('{{total}} {{items}} match “{{search}}”', { ...shown, items });
}

function emptyText(list: ListUrlState, failed: boolean, noun: ListNoun, t: TFunction) {
  const items = t(noun.other);
  if (failed) return t('No {{items}} to show.', { items });
  if (list.search !== '') return t('No {{items}} match “{{search}}”.', { items, search: list.search });
  // Filters other than the search (a status...) narrow the list too: "yet" would say there are none at all.
  if (Object.keys(list.filters).some((name) => name !== 'search')) return t('No {{items}} match the filter.', { items });
  return t('No {{items}} yet.', { items });
}

/**
 * A declared list on its screen: its filters, then its rows paged, sorted and filtered on the
 * server with the state in the URL (`useListUrlState`); loading, empty and error-with-retry
 * states. Optional columns that do not fit are hidden (the column menu shows them again, and the
 * choice is remembered), so the row never scrolls sideways; a click on a row, or Enter on one of
 * its cells, opens its detail.
 */
export function ListTable<Query extends BaseListQuery & ListCallQuery, Row extends GridValidRowModel, Extra = object>(
  props: ListTableProps<Query, Row, Extra>,
) {
  const { list: declaration, label } = props;
  // The declaration's texts are English keys, translated here where they are drawn.
  const { t } = useTranslation();
  const product = useProductSymbol();
  const list = useListUrlState(declaration.query);
  const result = useQuery(declaration.call.queryOptions(list.query));
  const navigate = useNavigate();
  const context = props.context;
  const columns = useMemo(() => declaration.columns({ product, ...context } as ListContext & Extra), [declaration, product, context]);
  const { model: visibleColumns, onChange: onVisibleColumnsChange, measure } = useColumnVisibility(declaration.id, columns);

  const total = result.data?.total;
  // The grid goes back to the first page when it is told there are no rows: while a page loads
  // (or failed) it keeps the last known total, or "unknown" (-1) before the first answer.
  const [knownTotal, setKnownTotal] = useState<number>(-1);
  if (total !== undefined && total !== knownTotal) setKnownTotal(total);
  const rowCount = total ?? knownTotal;

  const gridColumns = useMemo(
    () =>
      columns.map(({ optional: _optional, ...column }): GridColDef<Numbered<Row>> => ({
        ...column,
        // A header may name the product ('Amount in {{product}}'); one whose English word means something
        // else elsewhere has its own translation under '<header>_column' ('No', the row number, is not 'no').
        ...(column.headerName ? { headerName: t(column.headerName, { product, context: 'column' }) } : {}),
        sortable: (list.sortFields as readonly string[]).includes(column.field),
      })),
    [columns, list.sortFields, t, product],
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
  const { detailHref } = declaration;
  const openDetail = detailHref ? (row: Numbered<Row>) => void navigate(detailHref(row)) : undefined;

  const failure = result.isFetching ? null : result.error;
  const rows = result.data?.data ?? noRows;
  const refused = (declaration.filters ?? []).flatMap((filter) =>
    filter.kind === 'text' && filter.refusedMessage && list.refused[filter.name] ? [filter.refusedMessage(list.refused[filter.name]!)] : [],
  );

  const grid = (
    <Paper ref={measure} variant="outlined" sx={{ width: '100%', overflow: 'hidden' }}>
      <DataGrid<Numbered<Row>>
        aria-label={label ?? t(typeof declaration.label === 'string' ? declaration.label : declaration.label({ product }), { product })}
        rows={rows}
        columns={gridColumns}
        columnVisibilityModel={visibleColumns}
        onColumnVisibilityModelChange={onVisibleColumnsChange}
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
        disableRowSelectionOnClick
        autoHeight
        onRowClick={(params, event) => {
          // A plain left click; a modified one (a new tab) is the row's link's to handle, and text being selected is not a click.
          if (!openDetail || event.button !== 0 || event.ctrlKey || event.metaKey || event.shiftKey || event.altKey) return;
          if (onControl(event.target) || window.getSelection()?.isCollapsed === false) return;
          openDetail(params.row);
        }}
        onCellKeyDown={(params, event) => {
          if (openDetail && event.key === 'Enter' && !onControl(event.target)) openDetail(params.row);
        }}
        localeText={{ noRowsLabel: emptyText(list, failure !== null, declaration.noun, t) }}
        slotProps={{
          loadingOverlay: { variant: 'linear-progress', noRowsVariant: 'skeleton' },
          // Reset would restore the grid's first model, not the list's defaults: each column's own switch does that.
          columnsManagement: { disableResetButton: true },
        }}
        sx={{
          border: 0,
          fontSize: '0.8125rem',
          // Not the row's empty last cell: padded, it made every row 16 px wider than the grid (a sideways scroll).
          '& .MuiDataGrid-cell:not(.MuiDataGrid-cellEmpty), & .MuiDataGrid-columnHeader': { px: 1 },
          // The last header's hidden menu button sticks out past the grid's edge (the grid clips it only when it scrolls sideways anyway).
          '& .MuiDataGrid-columnHeader--last': { overflow: 'hidden' },
          // The loading bar shown over the rows while a page is fetched again (going back to a list after
          // 30 s) is only a sign: a click there is the row's, not lost on the overlay.
          '& .MuiDataGrid-overlayWrapper': { pointerEvents: 'none' },
          ...(openDetail ? { '& .MuiDataGrid-row': { cursor: 'pointer' } } : {}),
          // Until the first page arrives, the height of a full page (header, rows, footer at the grid's
          // default sizes): the rows then fill the space instead of pushing the page down (Lighthouse CLS).
          ...(result.isPending ? { minHeight: gridHeaderPx + list.pageSize * gridRowPx + gridFooterPx } : {}),
        }}
      />
    </Paper>
  );
  const { RowsProvider } = declaration;
  let body: ReactNode = grid;
  if (RowsProvider) body = <RowsProvider rows={rows}>{grid}</RowsProvider>;

  return (
    <Stack spacing={2}>
      <Stack
        direction={{ xs: 'column', md: 'row' }}
        spacing={2}
        useFlexGap
        role={declaration.filters?.length ? 'group' : undefined}
        aria-label={declaration.filters?.length ? t('Filters') : undefined}
        sx={{ alignItems: { md: 'center' }, flexWrap: 'wrap', minHeight: 40 }}
      >
        {declaration.filters ? <ListFilters listId={declaration.id} filters={declaration.filters} list={list} /> : null}
        <Typography role="status" variant="body2" color="text.secondary">
          {statusText(list, result.isFetching, total, declaration.noun, t)}
        </Typography>
      </Stack>
      {refused.map((message) => (
        <Alert key={message} severity="info">
          {message}
        </Alert>
      ))}
      {failure ? <QueryError error={failure} title={t(declaration.errorTitle)} onRetry={() => void result.refetch()} /> : null}
      {body}
    </Stack>
  );
}
