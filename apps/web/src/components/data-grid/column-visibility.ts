import { useCallback, useMemo, useState } from 'react';
import type { GridColumnVisibilityModel } from '@mui/x-data-grid';

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

/** The least a column takes: a flex column its minWidth, another its width (the grid's defaults: 50 and 100). */
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
 * Which columns a list shows: the optional ones that do not fit are hidden, and what the admin
 * shows or hides through the column menu is remembered per list (localStorage). `measure` goes on
 * the element whose width the grid fills.
 */
export function useColumnVisibility(listId: string, columns: readonly FittedColumn[]) {
  const [width, setWidth] = useState(0);
  const [choices, setChoices] = useState(() => readChoices(listId));

  const measure = useCallback((element: HTMLElement | null) => {
    if (!element) return;
    setWidth(element.clientWidth);
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => setWidth(element.clientWidth));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  const hidden = columnsToHide(columns, width, choices).join(' ');
  const model = useMemo<GridColumnVisibilityModel>(
    () => ({ ...Object.fromEntries(hidden ? hidden.split(' ').map((field) => [field, false]) : []), ...choices }),
    [hidden, choices],
  );

  const onChange = useCallback(
    (next: GridColumnVisibilityModel) => {
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

  return { model, onChange, measure };
}
