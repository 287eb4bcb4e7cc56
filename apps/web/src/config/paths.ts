/**
 * Every console route: its router `path` and a `getHref` that builds links to it.
 * Components never build URLs from strings; they call `getHref`.
 */

const withId = (base: string) => (id: string | number) => `${base}/${encodeURIComponent(String(id))}`;

export const paths = {
  auth: {
    signIn: {
      path: '/',
      /**
       * The sign-in page, optionally with where to go back to after signing in:
       * `/?redirect=<pathname>&param=<query string without its leading ?>` (param only when non-empty).
       */
      getHref: (redirectTo?: string | null, query?: string | null) => {
        if (!redirectTo) return '/';
        const search = new URLSearchParams({ redirect: redirectTo });
        const param = (query ?? '').replace(/^\?/, '');
        if (param) search.set('param', param);
        return `/?${search.toString()}`;
      },
    },
  },
  app: {
    dashboard: { path: '/dashboard', getHref: () => '/dashboard' },
    users: { path: '/user-list', getHref: () => '/user-list' },
    user: { path: '/user-list/:id', getHref: withId('/user-list') },
    transactions: { path: '/transaction-list', getHref: () => '/transaction-list' },
    transaction: { path: '/transaction-list/:id', getHref: withId('/transaction-list') },
    purchases: { path: '/purchased-list', getHref: () => '/purchased-list' },
    redemptions: { path: '/redemption-list', getHref: () => '/redemption-list' },
    redemptionDetail: {
      path: '/redemption-list/detail',
      getHref: (id: string | number) => `/redemption-list/detail?${new URLSearchParams({ id: String(id) }).toString()}`,
    },
    redemptionReview: {
      path: '/redeem',
      getHref: (id: string | number) => `/redeem?${new URLSearchParams({ id: String(id) }).toString()}`,
    },
    ratings: { path: '/ratings', getHref: () => '/ratings' },
    profile: { path: '/profile', getHref: () => '/profile' },
    admins: { path: '/admin-list', getHref: () => '/admin-list' },
    addAdmin: { path: '/admin-list/add', getHref: () => '/admin-list/add' },
    admin: { path: '/admin-list/:id', getHref: withId('/admin-list') },
    contacts: { path: '/contact-list', getHref: () => '/contact-list' },
    /** Not in the spec: the append-only audit log (issue 9), under Account in the menu. */
    auditLog: { path: '/audit-log', getHref: () => '/audit-log' },
    denoms: { path: '/denoms-list', getHref: () => '/denoms-list' },
    redemptionLimit: { path: '/redemption-limit', getHref: () => '/redemption-limit' },
  },
} as const;

/** Where a signed-in admin lands when no (valid) redirect was asked for. */
export const defaultSignedInPath = paths.app.dashboard.getHref();
