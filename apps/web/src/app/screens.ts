import type { ComponentType } from 'react';
import type { AppRouteKey } from '@/config/routes';
import { loadChunk } from '@/lib/lazy-chunk';

/** A route's `lazy`: the screen's code, loaded when first visited; failing or taking over 120 s shows 'Loading chunk failed'. */
export type LazyScreen = () => Promise<{ Component: ComponentType }>;

/** The screen `name` of the module `load` imports. */
export function screen<M extends Record<Name, ComponentType>, Name extends keyof M>(load: () => Promise<M>, name: Name): LazyScreen {
  return async () => ({ Component: (await loadChunk(load))[name] });
}

/** The screen of each page of the route table (config/routes.ts): a page without one does not type-check. */
export const screens: Record<AppRouteKey, LazyScreen> = {
  dashboard: screen(() => import('./routes/app/dashboard'), 'DashboardRoute'),
  prices: screen(() => import('./routes/app/prices/price-history'), 'PriceHistoryRoute'),
  customers: screen(() => import('./routes/app/customers/customer-list'), 'CustomerListRoute'),
  customer: screen(() => import('./routes/app/customers/customer-detail'), 'CustomerDetailRoute'),
  transactions: screen(() => import('./routes/app/transactions/transaction-list'), 'TransactionListRoute'),
  transaction: screen(() => import('./routes/app/transactions/transaction-detail'), 'TransactionDetailRoute'),
  purchases: screen(() => import('./routes/app/purchases/purchase-list'), 'PurchaseListRoute'),
  redemptions: screen(() => import('./routes/app/redemptions/redemption-list'), 'RedemptionListRoute'),
  redemptionDetail: screen(() => import('./routes/app/redemptions/redemption-detail'), 'RedemptionDetailRoute'),
  redemptionReview: screen(() => import('./routes/app/redemptions/redemption-review'), 'RedemptionReviewRoute'),
  ratings: screen(() => import('./routes/app/ratings'), 'RatingsRoute'),
  profile: screen(() => import('./routes/app/profile'), 'ProfileRoute'),
  admins: screen(() => import('./routes/app/admins/admin-list'), 'AdminListRoute'),
  addAdmin: screen(() => import('./routes/app/admins/add-admin'), 'AddAdminRoute'),
  admin: screen(() => import('./routes/app/admins/admin-detail'), 'AdminDetailRoute'),
  contacts: screen(() => import('./routes/app/contacts/contact-list'), 'ContactListRoute'),
  auditLog: screen(() => import('./routes/app/audit/audit-log'), 'AuditLogRoute'),
  denominations: screen(() => import('./routes/app/denominations/denomination-list'), 'DenominationListRoute'),
  redemptionLimit: screen(() => import('./routes/app/denominations/redemption-limit'), 'RedemptionLimitRoute'),
  vault: screen(() => import('./routes/app/vault/vault-pieces'), 'VaultPiecesRoute'),
  vaultMovements: screen(() => import('./routes/app/vault/vault-movements'), 'VaultMovementsRoute'),
  vaultLocations: screen(() => import('./routes/app/vault/vault-locations'), 'VaultLocationsRoute'),
  confirmations: screen(() => import('./routes/app/confirmations/confirmations'), 'ConfirmationsRoute'),
  reserves: screen(() => import('./routes/app/reserves/reserves'), 'ReservesRoute'),
  settlement: screen(() => import('./routes/app/settlement/reconciliation'), 'ReconciliationRoute'),
  settlementDeposits: screen(() => import('./routes/app/settlement/escrow-deposits'), 'EscrowDepositsRoute'),
  settlementTransactions: screen(() => import('./routes/app/settlement/chain-transactions'), 'ChainTransactionsRoute'),
  credentials: screen(() => import('./routes/app/platform/credentials'), 'CredentialsRoute'),
  webhookDeliveries: screen(() => import('./routes/app/platform/webhook-deliveries'), 'WebhookDeliveriesRoute'),
  redemptionReceipt: screen(() => import('./routes/app/receipts/hand-over-receipt'), 'HandOverReceiptRoute'),
};
