import { useMemo } from 'react';
import { getCoreRowModel, useReactTable, type ColumnDef, type SortingState, type Updater } from '@tanstack/react-table';
import { useTranslation } from 'react-i18next';
import type { ListCallQuery, Numbered } from '@/lib/list-call';
import type { ListColumn, ListRow } from '../list-declaration';
import type { BaseListQuery } from '../list-url';
import type { List } from '../use-list';
import { cellValue } from './cells';
import type { MenuColumn } from './column-menu';
import { columnWidths, useColumnVisibility, type ColumnVisibility } from './column-visibility';

/**
 * The columns' model: TanStack Table holds which are shown and which the list is sorted by (the
 * sort itself is the server's, written to the URL); the widths fit the table's box.
 */
export function useTableModel<Query extends BaseListQuery & ListCallQuery, Row extends ListRow>(
  list: List<Query, Row, unknown>,
  listId: string,
  columns: readonly ListColumn<Numbered<Row>>[],
  product: string,
) {
  const { t } = useTranslation();
  const { model: visibleColumns, onChange: onVisibleColumnsChange, measure, width } = useColumnVisibility(listId, columns);
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
  // The console is not built with the React Compiler, and the table is read afresh on every render.
  // eslint-disable-next-line react-hooks/incompatible-library
  const table = useReactTable<Numbered<Row>>({
    data: list.rows as Numbered<Row>[],
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

  const shown = table.getVisibleLeafColumns();
  // Kept while the shown columns are the same, so the memoised rows are not drawn again for nothing.
  const shownColumns = useMemo(() => shown.map((column) => byField.get(column.id)!), [shown, byField]);
  const menuColumns: MenuColumn[] = table.getAllLeafColumns().map((column) => ({
    field: column.id,
    label: headerOf(byField.get(column.id)!),
    shown: column.getIsVisible(),
    hideable: column.getCanHide(),
  }));
  const headers = shown.map((column) => ({
    column: byField.get(column.id)!,
    name: headerOf(byField.get(column.id)!),
    sorted: column.getCanSort() ? column.getIsSorted() : undefined,
    onToggleSort: column.getCanSort() ? column.getToggleSortingHandler() : undefined,
  }));
  return {
    /** The rows of the page, keyed by their id. */
    rows: table.getRowModel().rows,
    headers,
    shownColumns,
    widths: columnWidths(shownColumns, width),
    menuColumns,
    /** Shows or hides a column (the admin's choice, remembered for the list). */
    showColumn: (field: string, visible: boolean) => table.getColumn(field)?.toggleVisibility(visible),
    /** The table's box: its width decides which optional columns fit. */
    measure,
  };
}
