import { useTranslation } from 'react-i18next';
import { useMatches } from 'react-router';
import type { Crumb } from '@/components/layouts/app-breadcrumbs';
import { ancestorsOf, appRoutes, resolveTitle, type AppRouteKey } from '@/config/routes';
import { useProductSymbol } from '@/lib/app-config';

/** What a page's route tells the layout: which row of the route table it is. */
export interface RouteHandle {
  route: AppRouteKey;
}

function isRouteHandle(handle: unknown): handle is RouteHandle {
  return typeof handle === 'object' && handle !== null && 'route' in handle;
}

/** The route table's row of the current page (from the router's matches), if it is one. */
export function currentRouteOf(matches: ReturnType<typeof useMatches>): AppRouteKey | undefined {
  const page = matches.findLast((match) => isRouteHandle(match.handle));
  return page ? (page.handle as RouteHandle).route : undefined;
}

/** The breadcrumb trail of the current page, from the route table (in the console's language): its ancestors, then the page itself. */
export function useBreadcrumbs(): Crumb[] {
  const matches = useMatches();
  const product = useProductSymbol();
  const { t } = useTranslation();
  const page = matches.findLast((match) => isRouteHandle(match.handle));
  if (!page) return [];
  const { route } = page.handle as RouteHandle;
  return [
    ...ancestorsOf(route).map((key) => ({ label: resolveTitle(appRoutes[key].title, product, t), href: appRoutes[key].path })),
    { label: resolveTitle(appRoutes[route].title, product, t), href: page.pathname },
  ];
}

/** The current page's title: its deepest route's title. */
export function usePageTitle(): string {
  const crumbs = useBreadcrumbs();
  return crumbs.at(-1)?.label ?? '';
}
