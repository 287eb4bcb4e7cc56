import type { ReactNode } from 'react';

export interface NavItem {
  label: string;
  href: string;
  icon: ReactNode;
  /** Path prefixes that highlight this item besides `href` itself (e.g. '/redeem' for Redemption). */
  alsoActiveOn?: readonly string[];
}

export interface NavGroup {
  label: string;
  items: readonly NavItem[];
}

function isUnder(pathname: string, prefix: string): boolean {
  return pathname === prefix || pathname.startsWith(`${prefix}/`);
}

/** An item is active on its own page, on the pages under it (/user-list/5) and on the pages it claims. */
export function isNavItemActive(item: Pick<NavItem, 'href' | 'alsoActiveOn'>, pathname: string): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return [item.href, ...(item.alsoActiveOn ?? [])].some((prefix) => isUnder(path, prefix));
}
