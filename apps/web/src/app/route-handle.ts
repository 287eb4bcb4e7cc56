import { useMatches } from 'react-router';
import type { Crumb } from '@/components/layouts/app-breadcrumbs';
import { useProductSymbol } from '@/lib/app-config';

/** A title may name the product: `(product) => `${product} Purchased List``. */
export type PageTitle = string | ((product: string) => string);

/** What a route tells the layout: its page title (also its breadcrumb) and any crumbs above it. */
export interface RouteHandle {
  title: PageTitle;
  /** Crumbs before this page when its parent is not a parent route (e.g. /redeem under Redemption List). */
  parents?: ReadonlyArray<{ title: PageTitle; href: string }>;
}

export function resolveTitle(title: PageTitle, product: string): string {
  return typeof title === 'function' ? title(product) : title;
}

function isRouteHandle(handle: unknown): handle is RouteHandle {
  return typeof handle === 'object' && handle !== null && 'title' in handle;
}

/** The breadcrumb trail of the current page, from the handles of the matched routes. */
export function useBreadcrumbs(): Crumb[] {
  const matches = useMatches();
  const product = useProductSymbol();
  const crumbs: Crumb[] = [];
  for (const match of matches) {
    if (!isRouteHandle(match.handle)) continue;
    for (const parent of match.handle.parents ?? []) crumbs.push({ label: resolveTitle(parent.title, product), href: parent.href });
    crumbs.push({ label: resolveTitle(match.handle.title, product), href: match.pathname });
  }
  return crumbs;
}

/** The current page's title: its deepest route's title. */
export function usePageTitle(): string {
  const crumbs = useBreadcrumbs();
  return crumbs.at(-1)?.label ?? '';
}
