import type { ComponentType } from 'react';
import type { TFunction } from 'i18next';
import AccountBalanceOutlinedIcon from '@mui/icons-material/AccountBalanceOutlined';
import AccountCircleOutlinedIcon from '@mui/icons-material/AccountCircleOutlined';
import AdminPanelSettingsOutlinedIcon from '@mui/icons-material/AdminPanelSettingsOutlined';
import ContactMailOutlinedIcon from '@mui/icons-material/ContactMailOutlined';
import DashboardOutlinedIcon from '@mui/icons-material/DashboardOutlined';
import InventoryOutlinedIcon from '@mui/icons-material/Inventory2Outlined';
import KeyOutlinedIcon from '@mui/icons-material/KeyOutlined';
import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import ManageHistoryOutlinedIcon from '@mui/icons-material/ManageHistoryOutlined';
import PeopleAltOutlinedIcon from '@mui/icons-material/PeopleAltOutlined';
import ReceiptLongOutlinedIcon from '@mui/icons-material/ReceiptLongOutlined';
import RedeemOutlinedIcon from '@mui/icons-material/RedeemOutlined';
import ShoppingCartOutlinedIcon from '@mui/icons-material/ShoppingCartOutlined';
import StarOutlineIcon from '@mui/icons-material/StarOutlineOutlined';
import SyncAltOutlinedIcon from '@mui/icons-material/SyncAltOutlined';
import TuneOutlinedIcon from '@mui/icons-material/TuneOutlined';
import WebhookOutlinedIcon from '@mui/icons-material/WebhookOutlined';
import { PendingConfirmationsIcon } from '@/features/confirmations/components/pending-confirmations-icon';
import { isUnder, type NavGroup, type NavItem } from '@/components/layouts/navigation';
import type { Permission } from '@gold/contract';
import { appRouteList, appRoutes, menuGroups, menuItemOf, permissionOf, resolveTitle, type AppRouteKey } from '@/config/routes';

/** The pages of the route table that have an item in the side menu. */
type MenuRouteKey = { [Key in AppRouteKey]: (typeof appRoutes)[Key] extends { menu: object } ? Key : never }[AppRouteKey];

/**
 * The icon of each menu item: kept out of the route table, which the sign-in page loads (for
 * `paths`) and which would otherwise bring the icons along. A menu item without one does not type-check.
 */
const menuIcons: Record<MenuRouteKey, ComponentType> = {
  dashboard: DashboardOutlinedIcon,
  customers: PeopleAltOutlinedIcon,
  transactions: ReceiptLongOutlinedIcon,
  purchases: ShoppingCartOutlinedIcon,
  redemptions: RedeemOutlinedIcon,
  ratings: StarOutlineIcon,
  profile: AccountCircleOutlinedIcon,
  admins: AdminPanelSettingsOutlinedIcon,
  contacts: ContactMailOutlinedIcon,
  auditLog: ManageHistoryOutlinedIcon,
  denominations: InventoryOutlinedIcon,
  redemptionLimit: TuneOutlinedIcon,
  vault: LockOutlinedIcon,
  // With the number of pending confirmations as a badge.
  confirmations: PendingConfirmationsIcon,
  reserves: AccountBalanceOutlinedIcon,
  settlement: SyncAltOutlinedIcon,
  credentials: KeyOutlinedIcon,
  webhookDeliveries: WebhookOutlinedIcon,
};

/**
 * The side menu of the spec (section 2), from the route table, in the console's language;
 * `{product}` is the token symbol. Only the pages the signed-in role may open (`can`) are listed.
 */
export function buildNavGroups(product: string, t: TFunction, can: (permission: Permission) => boolean): NavGroup[] {
  const items = new Map<AppRouteKey, NavItem & { group: string }>();
  for (const { key, path, menu } of appRouteList) {
    if (!menu || !can(permissionOf(key))) continue;
    const Icon = menuIcons[key as MenuRouteKey];
    items.set(key, { group: menu.group, label: resolveTitle(menu.label, product, t), href: path, icon: <Icon /> });
  }
  // A page whose path is not under its menu item's (/redeem for Redemption) highlights that item too.
  for (const { key, path } of appRouteList) {
    const owner = menuItemOf(key);
    const item = owner && owner !== key ? items.get(owner) : undefined;
    if (item && !isUnder(path, appRoutes[owner!].path)) item.alsoActiveOn = [...(item.alsoActiveOn ?? []), path];
  }
  return menuGroups
    .map((group) => ({
      key: group,
      label: t(group),
      items: [...items.values()].filter((item) => item.group === group).map(({ group: _group, ...item }) => item),
    }))
    .filter((group) => group.items.length > 0);
}
