import type { TFunction } from 'i18next';
import type { NavGroup, NavItem } from '@/components/layouts/navigation';
import { appRouteList, appRoutes, menuGroups, menuItemOf, resolveTitle, type AppRouteKey } from '@/config/routes';

const isUnder = (path: string, prefix: string) => path === prefix || path.startsWith(`${prefix}/`);

/** The side menu of the spec (section 2), from the route table, in the console's language; `{product}` is the token symbol. */
export function buildNavGroups(product: string, t: TFunction): NavGroup[] {
  const items = new Map<AppRouteKey, NavItem & { group: string }>();
  for (const { key, path, menu } of appRouteList) {
    if (menu) items.set(key, { group: menu.group, label: resolveTitle(menu.label, product, t), href: path, icon: <menu.icon /> });
  }
  // A page whose path is not under its menu item's (/redeem for Redemption) highlights that item too.
  for (const { key, path } of appRouteList) {
    const owner = menuItemOf(key);
    const item = owner && owner !== key ? items.get(owner) : undefined;
    if (item && !isUnder(path, appRoutes[owner!].path)) item.alsoActiveOn = [...(item.alsoActiveOn ?? []), path];
  }
  return menuGroups.map((group) => ({
    label: t(group),
    items: [...items.values()].filter((item) => item.group === group).map(({ group: _group, ...item }) => item),
  }));
}
