import type { ReactNode } from 'react';

export interface NavItem {
  label: string;
  href: string;
  icon: ReactNode;
  /** Path prefixes that highlight this item besides `href` itself (e.g. '/redeem' for Redemption). */
  alsoActiveOn?: readonly string[];
}

export interface NavGroup {
  /** Names the group whatever the language: its fold state is stored under it. */
  key: string;
  label: string;
  items: readonly NavItem[];
}

/** `path` is `prefix` or a page below it ('/user-list/5' under '/user-list', not '/user-listing'). */
export function isUnder(path: string, prefix: string): boolean {
  return path === prefix || path.startsWith(`${prefix}/`);
}

/** An item is active on its own page, on the pages under it (/user-list/5) and on the pages it claims. */
export function isNavItemActive(item: Pick<NavItem, 'href' | 'alsoActiveOn'>, pathname: string): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return [item.href, ...(item.alsoActiveOn ?? [])].some((prefix) => isUnder(path, prefix));
}

/** The href of the group's item that is active on `pathname`, if any. */
export function activeHrefIn(group: NavGroup, pathname: string): string | undefined {
  return group.items.find((item) => isNavItemActive(item, pathname))?.href;
}
