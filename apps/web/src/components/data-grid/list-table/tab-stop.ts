import type { KeyboardEvent } from 'react';

/**
 * Which row holds the rows' one tab stop: the one last focused while it is shown, else the first.
 * Kept outside React state so that the keyboard (or a click) moving to a row draws that row and
 * the one it left, not the whole table.
 */
export function createTabStop() {
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
export type TabStop = ReturnType<typeof createTabStop>;

/** Arrow keys, Home and End move between the rows (one tab stop for the rows; Tab then reaches the row's own controls). */
export function moveBetweenRows(event: KeyboardEvent<HTMLTableRowElement>): boolean {
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
