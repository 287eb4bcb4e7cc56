import { defaultSignedInPath } from '@/config/paths';

const PROBE_ORIGIN = 'https://console.invalid';

/**
 * Where to go after signing in: the `redirect` path with `param` as its query string.
 * Only a path on this site is accepted (starts with one '/', no backslash, no control
 * characters, and stays on this origin once resolved); anything else gives the dashboard.
 */
export function safeRedirectTarget(redirect: string | null | undefined, param?: string | null): string {
  if (!redirect || !redirect.startsWith('/') || redirect.startsWith('//')) return defaultSignedInPath;
  // Browsers read '\' as '/', so '/\evil.example' would leave the site.
  // eslint-disable-next-line no-control-regex
  if (/[\\\u0000-\u001f\u007f]/.test(redirect)) return defaultSignedInPath;
  let url: URL;
  try {
    url = new URL(redirect, PROBE_ORIGIN);
  } catch {
    return defaultSignedInPath;
  }
  if (url.origin !== PROBE_ORIGIN) return defaultSignedInPath;
  // Signing in again from the sign-in page itself would loop back here.
  if (url.pathname === '/') return defaultSignedInPath;

  const query = (param ?? '').replace(/^\?/, '');
  // Control characters or a fragment in the query would smuggle a different URL past the checks above.
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f#]/.test(query)) return `${url.pathname}${url.search}`;
  if (!query) return `${url.pathname}${url.search}`;
  return `${url.pathname}${url.search ? `${url.search}&` : '?'}${query}`;
}
