import { memo, useLayoutEffect, useMemo, useState, useSyncExternalStore, type ReactNode } from 'react';
import MuiTableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import type { Numbered } from '@/lib/list-call';
import type { ListColumn, ListRow } from '../list-declaration';
import { alignOf, cellContent } from './cells';
import type { RowEvents } from './row-events';
import { rowPx } from './styles';
import { createTabStop, type TabStop } from './tab-stop';

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
        <TableCell key={column.field} role="gridcell" data-field={column.field} align={alignOf(column as ListColumn<never>, 'cell')}>
          {cellContent(column, row, tabIndex)}
        </TableCell>
      ))}
    </TableRow>
  );
}) as <Row extends ListRow>(props: BodyRowProps<Row>) => ReactNode;

interface TableBodyProps<Row extends ListRow> {
  rows: readonly { id: string; original: Numbered<Row> }[];
  columns: readonly ListColumn<Numbered<Row>>[];
  /** The first row's place in the whole list (0-based). */
  firstIndex: number;
  events: RowEvents<Row>;
  /** Said in the one row of an empty list; null while the first page loads. */
  empty: string | null;
}

/** The rows shown, with one tab stop among them, or the empty list's one row. */
export function TableBody<Row extends ListRow>({ rows, columns, firstIndex, events, empty }: TableBodyProps<Row>) {
  const [tabStop] = useState(createTabStop);
  const shownIds = useMemo(() => rows.map((row) => row.id), [rows]);
  // The row the keyboard is on (Tab enters the rows there): the one last focused, else the first.
  useLayoutEffect(() => tabStop.show(shownIds), [tabStop, shownIds]);
  return (
    <MuiTableBody>
      {rows.map((row, index) => (
        <BodyRow
          key={row.id}
          id={row.id}
          row={row.original}
          columns={columns}
          rowIndex={firstIndex + index + 2}
          first={index === 0}
          tabStop={tabStop}
          events={events}
        />
      ))}
      {rows.length === 0 && empty !== null ? (
        <TableRow role="row">
          <TableCell role="gridcell" colSpan={columns.length} align="center" sx={{ height: 2 * rowPx, color: 'text.secondary' }}>
            {empty}
          </TableCell>
        </TableRow>
      ) : null}
    </MuiTableBody>
  );
}
