import { useCallback, useMemo, useSyncExternalStore } from 'react';

/**
 * Which menu groups an admin has folded, kept in this browser per admin (localStorage, keyed by the
 * admin's id): a layout choice, not a secret, that another admin at the same desk does not inherit.
 * Stored as the groups' keys (language-independent); a group not listed is open.
 */
const KEY_PREFIX = 'back-office.menu-folded.';

const storageKey = (ownerId: number | string) => `${KEY_PREFIX}${ownerId}`;

/** Folds made in this tab; other tabs hear of theirs through the 'storage' event. */
const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  window.addEventListener('storage', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', listener);
  };
}

function readRaw(key: string | undefined): string | null {
  if (key === undefined) return null;
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

/** The folded groups in a stored value; anything unreadable counts as nothing folded. */
export function parseFolded(raw: string | null): ReadonlySet<string> {
  if (!raw) return new Set();
  try {
    const value: unknown = JSON.parse(raw);
    return new Set(Array.isArray(value) ? value.filter((entry): entry is string => typeof entry === 'string') : []);
  } catch {
    return new Set();
  }
}

function writeFolded(key: string, folded: ReadonlySet<string>): void {
  try {
    if (folded.size === 0) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, JSON.stringify([...folded].sort()));
  } catch {
    // Storage blocked: the fold holds until the page is left.
  }
  for (const listener of listeners) listener();
}

/**
 * The groups `ownerId` (the signed-in admin) has folded, and a way to fold or open one. Without an
 * owner nothing is folded and nothing is stored.
 */
export function useMenuFolds(ownerId: number | string | undefined): [ReadonlySet<string>, (group: string, folded: boolean) => void] {
  const key = ownerId === undefined ? undefined : storageKey(ownerId);
  // The stored string is the snapshot: equal strings keep the render from repeating.
  const raw = useSyncExternalStore(
    subscribe,
    () => readRaw(key),
    () => null,
  );
  const folded = useMemo(() => parseFolded(raw), [raw]);
  const setFolded = useCallback(
    (group: string, fold: boolean) => {
      if (key === undefined) return;
      const next = new Set(parseFolded(readRaw(key)));
      if (fold) next.add(group);
      else next.delete(group);
      writeFolded(key, next);
    },
    [key],
  );
  return [folded, setFolded];
}
