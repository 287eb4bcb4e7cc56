import {
  memo,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
  type KeyboardEvent,
  type MouseEvent,
  type ReactNode,
} from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { getCoreRowModel, useReactTable, type ColumnDef, type SortingState, type Updater } from '@tanstack/react-table';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { pageSizes } from '@gold/contract';
import { QueryError } from '@/components/query-state';
import { useListUrlState, type BaseListQuery, type ListUrlState } from '@/hooks/use-list-url-state';
import { useProductSymbol } from '@/lib/app-config';
import type { ListCallQuery, Numbered } from '@/lib/list-call';
import { ColumnMenu, type MenuColumn } from './column-menu';
import { columnWidths, useColumnVisibility, type ColumnVisibility } from './column-visibility';
import type { ListColumn, ListContext, ListDeclaration, ListNoun, ListRow } from './list-declaration';
import { ListFilters } from './list-filters';

/** What the columns need besides the product: required when the declaration asks for more. */
type ContextProp<Extra> = keyof Extra extends never ? { context?: Extra } : { context: Extra };

export type ListTableProps<Query extends BaseListQuery & ListCallQuery, Row extends ListRow, Extra> = {
  list: ListDeclaration<Query, Row, Extra>;
  /** Another accessible name for the table (the same list on another page). */
  label?: string;
} & ContextProp<Extra>;

/** Header, row and pager heights, in px, with the box's borders (a full page's height is kept while the first one loads). */
const headerPx = 56;
const rowPx = 52;
const footerPx = 54;
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

/** A cell's value: the row's field, or what the column's `valueGetter` makes of the row. */
function cellValue<Row extends ListRow>(column: ListColumn<Row>, row: Row): unknown {
  const value = (row as unknown as Record<string, unknown>)[column.field];
  return column.valueGetter ? column.valueGetter(value as never, row) : value;
}

/** What a cell shows: its own rendering, else its formatted value, else the value as text. */
function cellContent<Row extends ListRow>(column: ListColumn<Row>, row: Row, tabIndex: 0 | -1): ReactNode {
  const value = cellValue(column, row);
  if (column.renderCell) return column.renderCell({ row, value, tabIndex });
  if (column.valueFormatter) return column.valueFormatter(value as never, row);
  return value === null || value === undefined ? '' : String(value as string | number);
}

const alignOf = (column: ListColumn<ListRow>, part: 'cell' | 'header') =>
  (part === 'header' ? column.headerAlign : undefined) ?? column.align ?? (column.type === 'number' ? 'right' : 'left');

const ariaSort = { asc: 'ascending', desc: 'descending' } as const;

/** Arrow keys, Home and End move between the rows (one tab stop for the rows; Tab then reaches the row's own controls). */
function moveBetweenRows(event: KeyboardEvent<HTMLTableRowElement>): boolean {
  const row = event.currentTarget;
  const targets: Record<string, Element | null | undefined> = {
    ArrowDown: row.nextElementSibling,
    ArrowUp: row.previousElementSibling,
    Home: row.parentElement?.firstElementChild,
    End: row.parentElement?.lastElementChild,
  };
  if (!(event.key in targets)) return false;
  const target = targets[event.key];
  // At the first or last row the key is still the rows' (it does not scroll the page).
  if (target instanceof HTMLElement && target.hasAttribute('data-id')) target.focus();
  return true;
}

/**
 * Which row holds the rows' one tab stop: the one last focused while it is shown, else the first.
 * Kept outside React state so that the keyboard (or a click) moving to a row draws that row and
 * the one it left, not the whole table.
 */
function createTabStop() {
  let focused: string | undefined;
  let rows: readonly string[] = [];
  const listeners = new Set<() => void>();
  const holder = () => (focused !== undefined && rows.includes(focused) ? focused : rows[0]);
  const change = (apply: () => void) => {
    const before = holder();
    apply();
    if (holder() !== before) for (const listener of listeners) listener();
  };
  return {
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    holder,
    focus: (id: string) => change(() => (focused = id)),
    show: (ids: readonly string[]) => change(() => (rows = ids)),
  };
}
type TabStop = ReturnType<typeof createTabStop>;

/** What a row does with a click or a key: the table's latest handlers, behind one stable object. */
interface RowEvents<Row extends ListRow> {
  click(row: Numbered<Row>, event: MouseEvent): void;
  keyDown(row: Numbered<Row>, event: KeyboardEvent<HTMLTableRowElement>): void;
}

interface BodyRowProps<Row extends ListRow> {
  id: string;
  row: Numbered<Row>;
  columns: readonly ListColumn<Numbered<Row>>[];
  /** Where the row stands in the whole list (aria-rowindex: the header row is 1). */
  rowIndex: number;
  /** Whether this is the first row shown (it holds the tab stop until another row is focused). */
  first: boolean;
  tabStop: TabStop;
  events: RowEvents<Row>;
}

/**
 * One row. Memoised: the keyboard moving to another row, a column menu opening or the pager
 * changing draws only the rows whose props changed (a focus used to draw the whole table again,
 * on every click on a row).
 */
const BodyRow = memo(function BodyRow<Row extends ListRow>({ id, row, columns, rowIndex, first, tabStop, events }: BodyRowProps<Row>) {
  // Before the table has told the tab stop which rows it shows (its first render), the first row holds it.
  const holds = useSyncExternalStore(tabStop.subscribe, () => {
    const holder = tabStop.holder();
    return holder === undefined ? first : holder === id;
  });
  const tabIndex = holds ? 0 : -1;
  return (
    <TableRow
      role="row"
      aria-rowindex={rowIndex}
      data-id={id}
      hover
      tabIndex={tabIndex}
      onFocus={() => tabStop.focus(id)}
      onClick={(event) => events.click(row, event)}
      onKeyDown={(event) => events.keyDown(row, event)}
    >
      {columns.map((column) => (
        <TableCell key={column.field} role="gridcell" data-field={column.field} align={alignOf(column as ListColumn<ListRow>, 'cell')}>
          {cellContent(column, row, tabIndex)}
        </TableCell>
      ))}
    </TableRow>
  );
}) as <Row extends ListRow>(props: BodyRowProps<Row>) => ReactNode;

/**
 * A declared list on its screen: its filters, then its rows paged, sorted and filtered on the
 * server with the state in the URL (`useListUrlState`); loading, empty and error-with-retry
 * states. Optional columns that do not fit are hidden (a header's column menu shows them again,
 * and the choice is remembered), so the row never scrolls sideways; a click on a row, or Enter
 * on it, opens its detail. TanStack Table holds the columns' model; MUI's table draws it.
 */
export function ListTable<Query extends BaseListQuery & ListCallQuery, Row extends ListRow, Extra = object>(
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
  const { model: visibleColumns, onChange: onVisibleColumnsChange, measure, width } = useColumnVisibility(declaration.id, columns);
  const [tabStop] = useState(createTabStop);

  const total = result.data?.total;
  // While a page loads (or failed) the pager keeps the last known total, or "unknown" (-1) before the first answer.
  const [knownTotal, setKnownTotal] = useState<number>(-1);
  if (total !== undefined && total !== knownTotal) setKnownTotal(total);
  const rowCount = total ?? knownTotal;
  const lastPage = rowCount >= 0 ? Math.max(0, Math.ceil(rowCount / list.pageSize) - 1) : Infinity;

  // A page past the end (an old link, rows gone since): the last page, correcting the URL rather than adding a step.
  const { page, pageSize, setPagination } = list;
  useEffect(() => {
    if (page > lastPage) setPagination({ page: lastPage, pageSize }, { replace: true });
  }, [page, pageSize, lastPage, setPagination]);

  const byField = useMemo(() => new Map(columns.map((column) => [column.field, column])), [columns]);
  // A header may name the product ('Amount in {{product}}'); one whose English word means something
  // else elsewhere has its own translation under '<header>_column' ('No', the row number, is not 'no').
  const headerOf = (column: ListColumn<Numbered<Row>>) =>
    column.headerName ? t(column.headerName, { product, context: 'column' }) : column.field;
  const tableColumns = useMemo<ColumnDef<Numbered<Row>>[]>(
    () =>
      columns.map((column) => ({
        id: column.field,
        // TanStack sorts only columns with an accessor (the sort itself is the server's); it reads it lazily, and
        // the cells are drawn from the declared column (`cellContent`), so it is never read here.
        accessorFn: (row) => cellValue(column, row),
        enableSorting: (list.sortFields as readonly string[]).includes(column.field),
        sortDescFirst: column.sortingOrder?.[0] === 'desc',
        enableHiding: column.hideable !== false,
      })),
    [columns, list.sortFields],
  );
  const sorting = useMemo<SortingState>(() => [{ id: list.sort, desc: list.order === 'desc' }], [list.sort, list.order]);
  const rows = result.data?.data ?? noRows;
  // The console is not built with the React Compiler, and the table is read afresh on every render.
  // eslint-disable-next-line react-hooks/incompatible-library
  const table = useReactTable<Numbered<Row>>({
    data: rows as Numbered<Row>[],
    columns: tableColumns,
    getCoreRowModel: getCoreRowModel(),
    getRowId: (row) => String(row.id),
    manualSorting: true,
    manualPagination: true,
    enableMultiSort: false,
    enableSortingRemoval: false,
    state: { sorting, columnVisibility: visibleColumns as Record<string, boolean> },
    onSortingChange: (updater: Updater<SortingState>) => {
      const [first] = typeof updater === 'function' ? updater(sorting) : updater;
      if (first) list.setSort(first.id as Query['sort'], first.desc ? 'desc' : 'asc');
    },
    onColumnVisibilityChange: (updater: Updater<ColumnVisibility>) =>
      onVisibleColumnsChange(typeof updater === 'function' ? updater(visibleColumns) : updater),
  });

  const { detailHref } = declaration;
  const openDetail = detailHref ? (row: Numbered<Row>) => void navigate(detailHref(row)) : undefined;

  const failure = result.isFetching ? null : result.error;
  const refused = (declaration.filters ?? []).flatMap((filter) =>
    filter.kind === 'text' && filter.refusedMessage && list.refused[filter.name] ? [filter.refusedMessage(list.refused[filter.name]!)] : [],
  );

  const shown = table.getVisibleLeafColumns();
  // Kept while the shown columns are the same, so the memoised rows are not drawn again for nothing.
  const shownColumns = useMemo(() => shown.map((column) => byField.get(column.id)!), [shown, byField]);
  const widths = columnWidths(shownColumns, width);
  const menuColumns: MenuColumn[] = table.getAllLeafColumns().map((column) => ({
    field: column.id,
    label: headerOf(byField.get(column.id)!),
    shown: column.getIsVisible(),
    hideable: column.getCanHide(),
  }));
  const tableRows = table.getRowModel().rows;
  const shownIds = useMemo(() => tableRows.map((row) => row.id), [tableRows]);
  // The row the keyboard is on (Tab enters the rows there): the one last focused, else the first.
  useLayoutEffect(() => tabStop.show(shownIds), [tabStop, shownIds]);

  const onRowClick = (row: Numbered<Row>, event: MouseEvent) => {
    // A plain left click; a modified one (a new tab) is the row's link's to handle, and text being selected is not a click.
    if (!openDetail || event.button !== 0 || event.ctrlKey || event.metaKey || event.shiftKey || event.altKey) return;
    if (onControl(event.target) || window.getSelection()?.isCollapsed === false) return;
    openDetail(row);
  };
  const onRowKeyDown = (row: Numbered<Row>, event: KeyboardEvent<HTMLTableRowElement>) => {
    if (event.key === 'Enter' && openDetail && !onControl(event.target)) {
      openDetail(row);
      return;
    }
    if (event.target === event.currentTarget && moveBetweenRows(event)) event.preventDefault();
  };
  // The rows are memoised: they call the handlers of the latest render through one object that keeps its identity.
  const latestHandlers = useRef({ click: onRowClick, keyDown: onRowKeyDown });
  useLayoutEffect(() => {
    latestHandlers.current = { click: onRowClick, keyDown: onRowKeyDown };
  });
  const rowEvents = useMemo<RowEvents<Row>>(
    () => ({
      click: (row, event) => latestHandlers.current.click(row, event),
      keyDown: (row, event) => latestHandlers.current.keyDown(row, event),
    }),
    [],
  );

  const grid = (
    <Paper
      ref={measure}
      variant="outlined"
      sx={{
        width: '100%',
        overflow: 'hidden',
        position: 'relative',
        // The pager at the bottom of the box: while the first page loads it already stands where the rows will end.
        display: 'flex',
        flexDirection: 'column',
        '& > .MuiTablePagination-root': { mt: 'auto' },
        // Until the first page arrives, the height of a full page: the rows then fill the space instead of pushing the page down (Lighthouse CLS).
        ...(result.isPending ? { minHeight: headerPx + list.pageSize * rowPx + footerPx } : {}),
      }}
    >
      {/* Only a sign that a page is on its way: a click there is the row's. */}
      {result.isFetching ? (
        <LinearProgress sx={{ position: 'absolute', top: headerPx, left: 0, right: 0, zIndex: 1, pointerEvents: 'none' }} />
      ) : null}
      <Box sx={{ overflowX: 'auto' }}>
        <Table
          role="grid"
          aria-label={label ?? t(typeof declaration.label === 'string' ? declaration.label : declaration.label({ product }), { product })}
          aria-busy={result.isFetching}
          // Every row of the list, on all its pages, with the header row (-1: not known yet); each row says where it stands.
          aria-rowcount={rowCount >= 0 ? rowCount + 1 : -1}
          sx={{
            tableLayout: 'fixed',
            width: '100%',
            minWidth: widths.reduce((sum, each) => sum + each, 0),
            '& .MuiTableCell-root': {
              px: 1,
              py: 0,
              fontSize: '0.8125rem',
              overflow: 'hidden',
              textOverflow: 'ellipsis',
              whiteSpace: 'nowrap',
            },
            '& .MuiTableCell-head': { height: headerPx, fontWeight: 500 },
            // A title longer than its column (Indonesian at 1280 px: 'Tanggal Permintaan') takes a second line, which the
            // header's height has room for, and only then an ellipsis; the sort arrow beside it never shrinks.
            '& .list-column-title': {
              minWidth: 0,
              overflow: 'hidden',
              whiteSpace: 'normal',
              overflowWrap: 'anywhere',
              display: '-webkit-box',
              WebkitLineClamp: 2,
              WebkitBoxOrient: 'vertical',
            },
            '& .MuiTableSortLabel-root': { minWidth: 0 },
            // 2 px from the title (4 px each side by default): 'Request Date' and its arrow fit at 1280 px.
            '& .MuiTableSortLabel-icon': { flexShrink: 0, ml: '2px', mr: 0 },
            '& .MuiTableCell-body': { height: rowPx },
            // A header's menu button takes room only while the header is pointed at or the button has the focus:
            // the header's text keeps the column's whole width otherwise.
            '& .list-column-menu': { width: 0, overflow: 'hidden', opacity: 0, p: 0 },
            // Likewise the arrow of a column not sorted by (shown on pointing, as the sort a click would give).
            '& .MuiTableSortLabel-root:not(.Mui-active) .MuiTableSortLabel-icon': { width: 0, mx: 0 },
            '& .MuiTableCell-head:hover .MuiTableSortLabel-icon': { width: '1em', ml: '2px' },
            '& .MuiTableCell-head:hover .list-column-menu, & .list-column-menu:focus-visible, & .list-column-menu[aria-expanded="true"]': {
              width: 'auto',
              opacity: 1,
              p: 0.25,
            },
            ...(openDetail ? { '& tbody tr[data-id]': { cursor: 'pointer' } } : {}),
          }}
        >
          <colgroup>
            {shown.map((column, i) => (
              <col key={column.id} style={{ width: widths[i] }} />
            ))}
          </colgroup>
          <TableHead>
            <TableRow role="row" aria-rowindex={1}>
              {shown.map((column) => {
                const declared = byField.get(column.id)!;
                const sorted = column.getIsSorted();
                const name = headerOf(declared);
                const title = <span className="list-column-title">{name}</span>;
                return (
                  <TableCell
                    key={column.id}
                    role="columnheader"
                    // The header's name is the column's (its menu button's name would be part of it otherwise).
                    aria-label={name}
                    data-field={column.id}
                    align={alignOf(declared as ListColumn<ListRow>, 'header')}
                    aria-sort={column.getCanSort() ? (sorted ? ariaSort[sorted] : 'none') : undefined}
                  >
                    <Box
                      sx={{
                        display: 'flex',
                        alignItems: 'center',
                        flexDirection: alignOf(declared as ListColumn<ListRow>, 'header') === 'right' ? 'row-reverse' : 'row',
                      }}
                    >
                      <Box component="span" title={name} sx={{ display: 'flex', minWidth: 0 }}>
                        {column.getCanSort() ? (
                          <TableSortLabel
                            active={sorted !== false}
                            direction={sorted || (declared.sortingOrder?.[0] ?? 'asc')}
                            onClick={column.getToggleSortingHandler()}
                          >
                            {title}
                          </TableSortLabel>
                        ) : (
                          title
                        )}
                      </Box>
                      <ColumnMenu
                        column={menuColumns.find((each) => each.field === column.id)!}
                        columns={menuColumns}
                        sortOrders={column.getCanSort() ? (declared.sortingOrder ?? ['asc', 'desc']) : undefined}
                        onSort={(order) => list.setSort(column.id as Query['sort'], order)}
                        onShow={(field, visible) => table.getColumn(field)?.toggleVisibility(visible)}
                      />
                    </Box>
                  </TableCell>
                );
              })}
            </TableRow>
          </TableHead>
          <TableBody>
            {tableRows.map((row, index) => (
              <BodyRow
                key={row.id}
                id={row.id}
                row={row.original}
                columns={shownColumns}
                rowIndex={list.page * list.pageSize + index + 2}
                first={index === 0}
                tabStop={tabStop}
                events={rowEvents}
              />
            ))}
            {tableRows.length === 0 && !result.isPending ? (
              <TableRow role="row">
                <TableCell role="gridcell" colSpan={shown.length} align="center" sx={{ height: 2 * rowPx, color: 'text.secondary' }}>
                  {emptyText(list, failure !== null, declaration.noun, t)}
                </TableCell>
              </TableRow>
            ) : null}
          </TableBody>
        </Table>
      </Box>
      <TablePagination
        component="div"
        count={rowCount}
        page={Math.min(list.page, lastPage)}
        rowsPerPage={list.pageSize}
        rowsPerPageOptions={[...pageSizes]}
        onPageChange={(_event, next) => list.setPagination({ page: next, pageSize: list.pageSize })}
        onRowsPerPageChange={(event) => list.setPagination({ page: 0, pageSize: Number(event.target.value) })}
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
