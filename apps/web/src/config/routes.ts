import type { TFunction } from 'i18next';
import type { Permission } from '@gold/contract';

/**
 * A page title or menu label: the English text, which is also its translation key (i18n). It may
 * name the product: '{{product}} Purchased List'. Translated where it is shown, with `resolveTitle`.
 */
type PageTitle = string;

/** A title or label in the console's language, `{{product}}` filled in. */
export function resolveTitle(title: PageTitle, product: string, t: TFunction): string {
  return t(title, { product });
}

/** The side menu's groups, in order (spec section 2). */
export const menuGroups = ['Transactions', 'Account', 'Others'] as const;
type MenuGroup = (typeof menuGroups)[number];

/** One signed-in page. Its screen (the lazy code) is named by the same key in app/screens.ts. */
export interface AppRoute<Key extends string = string> {
  path: string;
  /** Builds a link to the page (an id, a query); without it the link is `path`. */
  getHref?: (id: string | number) => string;
  /** The page's heading, tab title and last breadcrumb. */
  title: PageTitle;
  /** The page one breadcrumb up (a page without parameters); its menu item is highlighted here too. */
  parent?: NoInfer<Key>;
  /** Its own item in the side menu, listed in table order within its group (its icon: app/navigation.tsx). */
  menu?: { group: MenuGroup; label: PageTitle };
  /** The menu item highlighted on this page when it is not the parent's. */
  menuItem?: NoInfer<Key>;
  /** What the signed-in role needs to open the page (and see its menu item); 'read' when not given. */
  permission?: Permission;
}

const withId = (base: string) => (id: string | number) => `${base}/${encodeURIComponent(String(id))}`;
const withIdQuery = (base: string) => (id: string | number) => `${base}?${new URLSearchParams({ id: String(id) }).toString()}`;

/** Checks each `parent` and `menuItem` names a row of the table. */
const defineRoutes = <const Table extends { [Key in keyof Table]: AppRoute<Extract<keyof Table, string>> }>(table: Table) => table;

/**
 * Every signed-in page of the console: its path, title, breadcrumb parent and menu item. The
 * router, `paths`, the breadcrumbs and the side menu are all read from this table; adding a page
 * is a row here and its screen in app/screens.ts (and, for a menu item, its icon in app/navigation.tsx).
 */
export const appRoutes = defineRoutes({
  dashboard: { path: '/dashboard', title: 'Dashboard', menu: { group: 'Transactions', label: 'Dashboard' } },
  /** The Latest Price card's View All: every stored price, charted and listed. */
  prices: { path: '/price-history', title: 'Price History', parent: 'dashboard' },
  customers: { path: '/user-list', title: 'User List', menu: { group: 'Transactions', label: 'User List' } },
  customer: { path: '/user-list/:id', getHref: withId('/user-list'), title: 'View User Detail', parent: 'customers' },
  transactions: {
    path: '/transaction-list',
    title: 'Transaction List',
    menu: { group: 'Transactions', label: 'Transaction History' },
  },
  transaction: {
    path: '/transaction-list/:id',
    getHref: withId('/transaction-list'),
    title: 'View Transaction Detail',
    parent: 'transactions',
  },
  purchases: {
    path: '/purchased-list',
    title: '{{product}} Purchased List',
    menu: { group: 'Transactions', label: '{{product}} Purchased' },
  },
  redemptions: {
    path: '/redemption-list',
    title: 'Redemption List',
    menu: { group: 'Transactions', label: 'Redemption' },
  },
  redemptionDetail: {
    path: '/redemption-list/detail',
    getHref: withIdQuery('/redemption-list/detail'),
    title: 'View Redemption Detail',
    parent: 'redemptions',
  },
  redemptionReview: {
    path: '/redeem',
    getHref: withIdQuery('/redeem'),
    title: 'Redemption Review',
    parent: 'redemptions',
    permission: 'counter',
  },
  ratings: { path: '/ratings', title: 'Ratings', menu: { group: 'Transactions', label: 'Ratings' } },
  profile: { path: '/profile', title: 'Profile', menu: { group: 'Account', label: 'Profile' } },
  admins: {
    path: '/admin-list',
    title: 'Admin List',
    menu: { group: 'Account', label: 'Admin List' },
  },
  addAdmin: { path: '/admin-list/add', title: 'Add Admin', parent: 'admins', permission: 'admins' },
  admin: { path: '/admin-list/:id', getHref: withId('/admin-list'), title: 'View Admin Detail', parent: 'admins' },
  contacts: {
    path: '/contact-list',
    title: 'Contact List',
    menu: { group: 'Others', label: 'Contact List' },
  },
  /** Not in the spec: the append-only audit log, under Account in the menu. */
  auditLog: { path: '/audit-log', title: 'Audit Log', menu: { group: 'Account', label: 'Audit Log' }, permission: 'audit' },
  denominations: {
    path: '/denoms-list',
    title: 'Redemption Denomination',
    menu: { group: 'Others', label: 'Denoms List' },
  },
  redemptionLimit: {
    path: '/redemption-limit',
    title: 'Redemption Denomination Limit',
    // Beside Denoms List, where operators look for it; the Denoms List links to it too.
    menu: { group: 'Others', label: 'Redemption Limit' },
  },
  /** Not in the spec: the vault ledger (pieces by serial, their movements, the locations); stock moves only through Confirmations. */
  vault: { path: '/vault', title: 'Vault', menu: { group: 'Others', label: 'Vault' } },
  vaultMovements: { path: '/vault/movements', title: 'Vault Movements', parent: 'vault' },
  vaultLocations: { path: '/vault/locations', title: 'Vault Locations', parent: 'vault' },
  /** Not in the spec: the four-eyes confirmations of stock movements and large hand-overs. */
  confirmations: { path: '/confirmations', title: 'Confirmations', menu: { group: 'Others', label: 'Confirmations' } },
  /** Not in the spec: proof of reserves, tokens outstanding against the vault's gold. */
  reserves: { path: '/reserves', title: 'Reserves', menu: { group: 'Others', label: 'Reserves' } },
  /** Not in the spec: settlement (escrow, burns, refunds) and its reconciliation; the deposits and the outbox are its other tabs. */
  settlement: { path: '/settlement', title: 'Settlement', menu: { group: 'Others', label: 'Settlement' } },
  settlementDeposits: { path: '/settlement/deposits', title: 'Escrow Deposits', parent: 'settlement' },
  settlementTransactions: { path: '/settlement/transactions', title: 'Chain Transactions', parent: 'settlement' },
  /** Not in the spec: the customer platform's credentials (the platform API). */
  credentials: { path: '/credentials', title: 'Credentials', menu: { group: 'Others', label: 'Credentials' }, permission: 'settings' },
  /** Not in the spec: the webhook deliveries to the customer platform, with a re-send. */
  webhookDeliveries: {
    path: '/webhook-deliveries',
    title: 'Webhook Deliveries',
    menu: { group: 'Others', label: 'Webhook Deliveries' },
    permission: 'settings',
  },
  /** Not in the spec: the printable hand-over receipt of a REDEEMED redemption. */
  redemptionReceipt: {
    path: '/redemption-list/receipt',
    getHref: withIdQuery('/redemption-list/receipt'),
    title: 'Hand-over Receipt',
    parent: 'redemptions',
  },
});

export type AppRouteKey = keyof typeof appRoutes;

/** The rows in table order, with their keys. */
export const appRouteList = (Object.keys(appRoutes) as AppRouteKey[]).map((key) => ({ key, ...(appRoutes[key] as AppRoute<AppRouteKey>) }));

/** What the signed-in role needs to open `key`'s page. */
export function permissionOf(key: AppRouteKey): Permission {
  return (appRoutes[key] as AppRoute<AppRouteKey>).permission ?? 'read';
}

/** The pages above `key` in the breadcrumb trail, outermost first. */
export function ancestorsOf(key: AppRouteKey): AppRouteKey[] {
  const parent = (appRoutes[key] as AppRoute<AppRouteKey>).parent;
  return parent ? [...ancestorsOf(parent), parent] : [];
}

/** The menu item highlighted on `key`'s page: its own, its `menuItem`, or its nearest ancestor's. */
export function menuItemOf(key: AppRouteKey): AppRouteKey | undefined {
  const route = appRoutes[key] as AppRoute<AppRouteKey>;
  if (route.menu) return key;
  if (route.menuItem) return route.menuItem;
  return route.parent ? menuItemOf(route.parent) : undefined;
}
