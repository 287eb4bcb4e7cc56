import { useLayoutEffect, useMemo, useRef, type KeyboardEvent, type MouseEvent } from 'react';
import type { Numbered } from '@/lib/list-call';
import type { ListRow } from '../list-declaration';
import { moveBetweenRows } from './tab-stop';

/** What a row does with a click or a key: the table's latest handlers, behind one stable object. */
export interface RowEvents<Row extends ListRow> {
  click(row: Numbered<Row>, event: MouseEvent): void;
  keyDown(row: Numbered<Row>, event: KeyboardEvent<HTMLTableRowElement>): void;
}

/** A click or Enter that lands on a control of its own (a link, a copy or retry button) is that control's. */
const onControl = (target: EventTarget) =>
  target instanceof Element && target.closest('a, button, input, select, textarea, [role="button"], [role="checkbox"]') !== null;

/**
 * A plain click on a row, or Enter on it, opens its detail; the arrows, Home and End move between
 * the rows. The rows are memoised: they call the handlers of the latest render through one
 * object that keeps its identity.
 */
export function useRowEvents<Row extends ListRow>(openDetail: ((row: Numbered<Row>) => void) | undefined): RowEvents<Row> {
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
  const latest = useRef({ click: onRowClick, keyDown: onRowKeyDown });
  useLayoutEffect(() => {
    latest.current = { click: onRowClick, keyDown: onRowKeyDown };
  });
  return useMemo<RowEvents<Row>>(
    () => ({
      click: (row, event) => latest.current.click(row, event),
      keyDown: (row, event) => latest.current.keyDown(row, event),
    }),
    [],
  );
}
