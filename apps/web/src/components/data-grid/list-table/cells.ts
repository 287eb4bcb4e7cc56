import type { ReactNode } from 'react';
import type { ListColumn, ListRow } from '../list-declaration';

/** A cell's value: the row's field, or what the column's `valueGetter` makes of the row. */
export function cellValue<Row extends ListRow>(column: ListColumn<Row>, row: Row): unknown {
  const value = (row as unknown as Record<string, unknown>)[column.field];
  return column.valueGetter ? column.valueGetter(value as never, row) : value;
}

/** What a cell shows: its own rendering, else its formatted value, else the value as text. */
export function cellContent<Row extends ListRow>(column: ListColumn<Row>, row: Row, tabIndex: 0 | -1): ReactNode {
  const value = cellValue(column, row);
  if (column.renderCell) return column.renderCell({ row, value, tabIndex });
  if (column.valueFormatter) return column.valueFormatter(value as never, row);
  return value === null || value === undefined ? '' : String(value as string | number);
}

/** A column's alignment: a number column is right-aligned unless it says otherwise. */
export const alignOf = (column: ListColumn<never>, part: 'cell' | 'header') =>
  (part === 'header' ? column.headerAlign : undefined) ?? column.align ?? (column.type === 'number' ? 'right' : 'left');
