import type { ListCallQuery } from './list-call';

/*
 * Every TanStack Query key of the console, per domain. A domain's keys all start with its `all`,
 * so one invalidation of `all` refreshes its lists, counts, totals and details at once. Features
 * and lib (live updates) take their keys from here, so a key one part refreshes is the key another
 * part caches under. A list's key takes its query (page, size, sort, filters): each page is cached
 * apart. Nothing here imports code: the standalone sign-in page loads it too.
 */

const admins = ['admins'] as const;
const audit = ['audit'] as const;
const contacts = ['contacts'] as const;
const customers = ['customers'] as const;
const denominations = ['denominations'] as const;
const prices = ['prices'] as const;
const purchases = ['purchases'] as const;
const redemptions = ['redemptions'] as const;
const reserves = ['reserves'] as const;
const settlement = ['settlement'] as const;
const transactions = ['transactions'] as const;
const platform = ['platform'] as const;
const vault = ['vault'] as const;
const confirmations = ['confirmations'] as const;

export const queryKeys = {
  /** Public: it outlives a session (features/auth's clearSessionData keeps it). */
  appConfig: { all: ['app-config'] as const },
  auth: { session: ['auth', 'session'] as const },
  account: { profile: ['account', 'profile'] as const, sessions: ['account', 'sessions'] as const },
  admins: {
    all: admins,
    list: (query: ListCallQuery) => [...admins, 'list', query] as const,
    count: [...admins, 'count'] as const,
    detail: (id: number) => [...admins, 'detail', id] as const,
  },
  /** An admin change refreshes `all`: the log and the admin filter's choices. */
  audit: {
    all: audit,
    list: (query: ListCallQuery) => [...audit, 'list', query] as const,
    adminChoices: (query: ListCallQuery) => [...audit, 'admin-choices', query] as const,
  },
  contacts: {
    all: contacts,
    list: (query: ListCallQuery) => [...contacts, 'list', query] as const,
    count: [...contacts, 'count'] as const,
  },
  customers: {
    all: customers,
    list: (query: ListCallQuery) => [...customers, 'list', query] as const,
    count: [...customers, 'count'] as const,
    detail: (id: number) => [...customers, 'detail', id] as const,
    /** The {product} and POL balances of wallets (lower case, once each), read on chain. */
    balances: (addresses: readonly string[]) => [...customers, 'balances', addresses] as const,
  },
  /** The vault's stock by denomination: redemption status changes and live updates refresh `all`. */
  denominations: {
    all: denominations,
    list: (query: ListCallQuery) => [...denominations, 'list', query] as const,
  },
  /** Apart from the denominations: a stock change does not move the limit. */
  redemptionLimits: { all: ['redemption-limits'] as const },
  prices: {
    all: prices,
    latest: [...prices, 'latest'] as const,
    history: (days: number) => [...prices, 'history', days] as const,
    list: (query: ListCallQuery) => [...prices, 'list', query] as const,
  },
  purchases: {
    all: purchases,
    list: (query: ListCallQuery) => [...purchases, 'list', query] as const,
    count: [...purchases, 'count'] as const,
  },
  redemptions: {
    all: redemptions,
    list: (query: ListCallQuery) => [...redemptions, 'list', query] as const,
    count: [...redemptions, 'count'] as const,
    redeemedTotal: [...redemptions, 'redeemed-total'] as const,
    detail: (id: number) => [...redemptions, 'detail', id] as const,
    history: (id: number) => [...redemptions, 'history', id] as const,
    /** Under the redemptions: a status change refreshes the receipt with them. */
    receipt: (id: number) => [...redemptions, 'receipt', id] as const,
  },
  reserves: {
    all: reserves,
    current: [...reserves, 'current'] as const,
    indexer: [...reserves, 'indexer'] as const,
    history: (query: ListCallQuery) => [...reserves, 'history', query] as const,
  },
  /** Escrow deposits, the signer's outbox and the reconciliation: every settlement.changed refreshes `all`. */
  settlement: {
    all: settlement,
    reconciliation: (query: ListCallQuery) => [...settlement, 'reconciliation', query] as const,
    summary: [...settlement, 'summary'] as const,
    deposits: (query: ListCallQuery) => [...settlement, 'deposits', query] as const,
    transactions: (query: ListCallQuery) => [...settlement, 'transactions', query] as const,
    redemption: (id: number) => [...settlement, 'redemption', id] as const,
  },
  transactions: {
    all: transactions,
    list: (query: ListCallQuery) => [...transactions, 'list', query] as const,
    count: [...transactions, 'count'] as const,
    detail: (id: number) => [...transactions, 'detail', id] as const,
  },
  /** The vault ledger: locations, pieces and movements; a confirmed movement refreshes `all`. */
  vault: {
    all: vault,
    locations: [...vault, 'locations'] as const,
    pieces: (query: ListCallQuery) => [...vault, 'pieces', query] as const,
    movements: (query: ListCallQuery) => [...vault, 'movements', query] as const,
  },
  /** Four-eyes confirmations: the list and the menu's count of pending ones. */
  confirmations: {
    all: confirmations,
    list: (query: ListCallQuery) => [...confirmations, 'list', query] as const,
    pendingCount: [...confirmations, 'pending-count'] as const,
  },
  /** The customer platform's credentials and the webhook deliveries to it. */
  platform: {
    all: platform,
    credentials: [...platform, 'credentials'] as const,
    deliveries: (query: { status: string | undefined; page: number; limit: number }) => [...platform, 'deliveries', query] as const,
  },
};
