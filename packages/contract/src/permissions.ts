import type { AdminRole } from './enums';

/**
 * What an admin may do, by role (issue 32, segregation of duties). One table, read by the server
 * (every admin route is checked against `routePermissions` before its handler runs) and by the
 * console (it shows only what the signed-in role may do).
 *
 * - read: every list, detail, count and live update (customers, tokens, redemptions, vault...).
 * - counter: the counter's one-time codes, identity check and hand-overs (a teller only at their own location).
 * - stock: propose a stock movement (receipt, write-off, transfer, count adjustment) and set what is redeemable.
 * - confirm: the second pair of eyes on a pending movement or a large hand-over (never one's own).
 * - settlement: move tokens by hand (refund an unmatched deposit, retry a failed chain transaction).
 * - export: CSV downloads (they carry personal data: every export is audited).
 * - audit: the audit log.
 * - admins: add, edit, deactivate admins and reset their second factor.
 * - settings: integration credentials, webhooks, redemption limits, vault locations.
 */
export const permissions = ['read', 'counter', 'stock', 'confirm', 'settlement', 'export', 'audit', 'admins', 'settings'] as const;
export type Permission = (typeof permissions)[number];

export const rolePermissions: Readonly<Record<AdminRole, readonly Permission[]>> = {
  Teller: ['read', 'counter'],
  Supervisor: ['read', 'counter', 'stock', 'confirm', 'settlement', 'export'],
  Auditor: ['read', 'export', 'audit'],
  // Admins, settings and credentials, but never a movement of gold or tokens.
  Administrator: ['read', 'admins', 'settings', 'audit'],
};

export function roleMay(role: AdminRole, permission: Permission): boolean {
  return rolePermissions[role].includes(permission);
}

/** Any signed-in admin, whatever the role: their own account and session. */
export const ownAccount = 'own' as const;

/**
 * Every route of the admin scope (`METHOD path`, the path as the server declares it) and what it
 * needs: `own` for one's own account, else any one of the listed permissions. A route missing here
 * stops the server at start-up, so no route is ever left unchecked.
 */
export const routePermissions: Readonly<Record<string, typeof ownAccount | readonly Permission[]>> = {
  'GET /api/account/session': ownAccount,
  'GET /api/account/sessions': ownAccount,
  'POST /api/account/sessions/end-others': ownAccount,
  'GET /api/account/profile': ownAccount,
  'POST /api/account/profile': ownAccount,
  'PUT /api/admin/profile/language': ownAccount,
  'POST /api/account/password': ownAccount,
  'POST /api/account/two-factor/setup': ownAccount,
  'POST /api/account/two-factor/enable': ownAccount,

  'GET /api/admin/list/users': ['read'],
  'GET /api/admin/count/users': ['read'],
  'GET /api/admin/users/:id': ['read'],
  'GET /api/admin/count/transactions': ['read'],
  'GET /api/admin/list/transactions': ['read'],
  'GET /api/admin/transaction/detail/:id': ['read'],
  'GET /api/admin/count/order': ['read'],
  'GET /api/admin/list/order': ['read'],
  'GET /api/admin/balances': ['read'],
  'GET /api/admin/list/redeems': ['read'],
  'GET /api/admin/count/redeems': ['read'],
  'GET /api/admin/total/gidrredeemed': ['read'],
  'GET /api/admin/redeem/:id': ['read'],
  'GET /api/admin/redeem/:id/history': ['read'],
  'GET /api/admin/redeem/:id/settlement': ['read'],
  'GET /api/admin/redeem/:id/receipt': ['read'],
  'GET /api/admin/redemption/limit/list': ['read'],
  'GET /api/admin/denoms': ['read'],
  'GET /api/admin/reserves': ['read'],
  'GET /api/admin/reserves/history': ['read'],
  'GET /api/admin/settlement/reconciliation': ['read'],
  'GET /api/admin/settlement/reconciliation/summary': ['read'],
  'GET /api/admin/settlement/deposits': ['read'],
  'GET /api/admin/settlement/transactions': ['read'],
  'GET /api/admin/events': ['read'],
  'GET /api/admin/price/history': ['read'],
  'GET /api/admin/list/prices': ['read'],
  'GET /api/admin/list/admins': ['read'],
  'GET /api/admin/count/admins': ['read'],
  'GET /api/admin/detail/:id': ['read'],
  'GET /api/admin/messages': ['read'],
  'GET /api/admin/count/messages': ['read'],
  'GET /api/admin/vault/locations': ['read'],
  'GET /api/admin/vault/pieces': ['read'],
  'GET /api/admin/vault/movements': ['read'],
  'GET /api/admin/confirmations': ['read'],

  'POST /api/admin/redeem/prepare': ['counter'],
  'POST /api/admin/redeem/approve': ['counter'],
  'POST /api/admin/redeem/reset': ['counter'],
  'POST /api/admin/redeem/reject': ['counter'],
  'POST /api/admin/redeem/sendotp': ['counter'],
  'POST /api/admin/redeem/checkotp': ['counter'],
  'POST /api/admin/redeem/:id/identity-check': ['counter'],
  // The demo's mail catcher (never in production): where the counter reads the customer's code.
  'GET /api/admin/dev/mail': ['counter'],

  'POST /api/admin/physicalgold/add': ['stock'],
  'POST /api/admin/physicalgold/setredeemable': ['stock'],
  'POST /api/admin/vault/receipts': ['stock'],
  'POST /api/admin/vault/write-offs': ['stock'],
  'POST /api/admin/vault/transfers': ['stock'],
  'POST /api/admin/vault/counts': ['stock'],

  'POST /api/admin/confirmations/:id/confirm': ['confirm'],
  'POST /api/admin/confirmations/:id/decline': ['confirm'],
  // The maker takes back their own proposal (the service checks it is theirs).
  'POST /api/admin/confirmations/:id/withdraw': ['stock', 'counter'],

  'POST /api/admin/settlement/deposits/:id/refund': ['settlement'],
  'POST /api/admin/settlement/transactions/:id/retry': ['settlement'],

  'GET /api/admin/export/users.csv': ['export'],
  'GET /api/admin/export/transactions.csv': ['export'],
  'GET /api/admin/export/orders.csv': ['export'],
  'GET /api/admin/export/reserves.csv': ['export'],
  'GET /api/admin/export/reconciliation.csv': ['export'],
  'GET /api/admin/export/pieces.csv': ['export'],

  'GET /api/admin/audit': ['audit'],

  'POST /api/admin/add': ['admins'],
  'POST /api/admin/edit/:id': ['admins'],
  'POST /api/admin/delete/:id': ['admins'],
  'POST /api/admin/two-factor/reset/:id': ['admins'],

  'POST /api/admin/redemption/limit/set': ['settings'],
  'POST /api/admin/vault/locations': ['settings'],
  'GET /api/admin/credentials': ['settings'],
  'POST /api/admin/credentials': ['settings'],
  'POST /api/admin/credentials/:id/revoke': ['settings'],
  'GET /api/admin/webhooks/deliveries': ['settings'],
  'POST /api/admin/webhooks/deliveries/:id/resend': ['settings'],
};
