import { useCallback, useMemo, useState } from 'react';

/** Shown (true) or hidden (false) per column field; a field not named is shown. */
export type ColumnVisibility = Readonly<Record<string, boolean>>;

/** What the fitting reads of a column (a `ListColumn`). */
export interface FittedColumn {
  field: string;
  width?: number | undefined;
  minWidth?: number | undefined;
  flex?: number | undefined;
  optional?: number | undefined;
}

/** The admin's own show/hide choices per column, remembered in this browser per list. */
type Choices = Readonly<Record<string, boolean>>;

const storageKey = (listId: string) => `gold.list-columns.${listId}`;

function readChoices(listId: string): Choices {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(storageKey(listId)) ?? '{}');
    if (!parsed || typeof parsed !== 'object') return {};
    return Object.fromEntries(Object.entries(parsed).filter((entry): entry is [string, boolean] => typeof entry[1] === 'boolean'));
  } catch {
    return {};
  }
}

function writeChoices(listId: string, choices: Choices) {
  try {
    localStorage.setItem(storageKey(listId), JSON.stringify(choices));
  } catch {
    // Storage full or refused (private mode): the choice holds until the page is left.
  }
}

/** The least a column takes: a flex column its minWidth, another its width (defaults: 50 and 100). */
const narrowest = (column: FittedColumn) => (column.flex ? (column.minWidth ?? 50) : (column.width ?? 100));

/**
 * The optional columns to hide so that the others fit `width` without sideways scrolling: in
 * their `optional` order (1 first), and a column the admin chose to show or hide stays as chosen.
 * None while the width is unknown (not laid out yet, or no layout at all as in tests).
 */
export function columnsToHide(columns: readonly FittedColumn[], width: number, choices: Choices): string[] {
  if (width <= 0) return [];
  let total = columns.filter((column) => choices[column.field] ?? true).reduce((sum, column) => sum + narrowest(column), 0);
  const candidates = columns.filter((column) => column.optional !== undefined && !(column.field in choices));
  candidates.sort((a, b) => a.optional! - b.optional!);
  const hidden: string[] = [];
  for (const column of candidates) {
    if (total <= width) break;
    hidden.push(column.field);
    total -= narrowest(column);
  }
  return hidden;
}

/**
 * The width each list's table last had, per list: a list opened again (back from a row's detail)
 * is drawn at once at that width, instead of first at width 0 (every optional column shown) and
 * again once measured, which drew the whole table twice on every visit.
 */
const lastWidths = new Map<string, number>();

/**
 * Which columns a list shows: the optional ones that do not fit are hidden, and what the admin
 * shows or hides through the column menu is remembered per list (localStorage). `measure` goes on
 * the element whose width the table fills; `width` is that width (0 until laid out).
 */
export function useColumnVisibility(listId: string, columns: readonly FittedColumn[]) {
  const [width, setWidth] = useState(() => lastWidths.get(listId) ?? 0);
  const [choices, setChoices] = useState(() => readChoices(listId));

  const measure = useCallback(
    (element: HTMLElement | null) => {
      if (!element) return;
      const measured = () => {
        lastWidths.set(listId, element.clientWidth);
        setWidth(element.clientWidth);
      };
      measured();
      if (typeof ResizeObserver === 'undefined') return;
      const observer = new ResizeObserver(measured);
      observer.observe(element);
      return () => observer.disconnect();
    },
    [listId],
  );

  const hidden = columnsToHide(columns, width, choices).join(' ');
  const model = useMemo<ColumnVisibility>(
    () => ({ ...Object.fromEntries(hidden ? hidden.split(' ').map((field) => [field, false]) : []), ...choices }),
    [hidden, choices],
  );

  const onChange = useCallback(
    (next: ColumnVisibility) => {
      const changed = { ...choices };
      for (const { field } of columns) {
        const shown = next[field] ?? true;
        if (shown !== (model[field] ?? true)) changed[field] = shown;
      }
      setChoices(changed);
      writeChoices(listId, changed);
    },
    [choices, columns, model, listId],
  );

  return { model, onChange, measure, width };
}

/**
 * Each shown column's width in px for a table `width` wide: a fixed column its `width`, the flex
 * columns what is left in proportion to their `flex`, as CSS flexbox shares it: a column whose
 * share would fall under its minWidth (or over its maxWidth) is held there and the others share
 * the rest. Unknown width (0): the flex columns at their least.
 */
export function columnWidths(columns: readonly (FittedColumn & { maxWidth?: number | undefined })[], width: number): number[] {
  const widths = columns.map((column) => narrowest(column));
  let free = columns.flatMap((column, i) => (column.flex ? [i] : []));
  let left = Math.max(0, width - columns.reduce((sum, column, i) => sum + (column.flex ? 0 : widths[i]!), 0));
  while (free.length > 0) {
    const unit = left / free.reduce((sum, i) => sum + columns[i]!.flex!, 0);
    const held = free.filter((i) => {
      const column = columns[i]!;
      const share = unit * column.flex!;
      return share < narrowest(column) || share > (column.maxWidth ?? Infinity);
    });
    if (held.length === 0) {
      for (const i of free) widths[i] = Math.floor(unit * columns[i]!.flex!);
      break;
    }
    for (const i of held) {
      const column = columns[i]!;
      widths[i] = Math.min(column.maxWidth ?? Infinity, Math.max(narrowest(column), unit * column.flex!));
      left = Math.max(0, left - widths[i]!);
    }
    free = free.filter((i) => !held.includes(i));
  }
  return widths;
}
