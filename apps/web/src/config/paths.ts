import { appRouteList, type appRoutes, type AppRouteKey } from './routes';

/**
 * Every console route: its router `path` and a `getHref` that builds links to it (the signed-in
 * pages from the route table in ./routes). Components never build URLs from strings; they call `getHref`.
 */

type AppPaths = {
  readonly [Key in AppRouteKey]: {
    readonly path: (typeof appRoutes)[Key]['path'];
    readonly getHref: (typeof appRoutes)[Key] extends { getHref: infer Build } ? Build : () => string;
  };
};

/** `paths.app.<page>`, from the route table. */
const appPaths = Object.fromEntries(
  appRouteList.map(({ key, path, getHref }) => [key, { path, getHref: getHref ?? (() => path) }]),
) as unknown as AppPaths;

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
  app: appPaths,
} as const;

/** Where a signed-in admin lands when no (valid) redirect was asked for. */
export const defaultSignedInPath = paths.app.dashboard.getHref();
