import type { ErrorResponse } from '@gold/contract';
import { paths } from '@/config/paths';
import { i18n, translateServerMessage } from './i18n';
import { setSessionHint } from './session-hint';

/** Base of every API path: `VITE_API_BASE_URL` for a split deployment, else the same origin's `/api`. */
export const API_BASE_URL = (import.meta.env.VITE_API_BASE_URL || '/api').replace(/\/+$/, '');

/** A failed API call: the HTTP status and the server's own message (status 0: the server was not reached). */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  /** The HTTP reason (`error` of the error body), e.g. 'Unauthorized'. */
  readonly error: string | undefined;
  /** Field problems of a 400, when the server names them. */
  readonly issues: ErrorResponse['issues'];
  /** Seconds to wait before retrying, from a 429's Retry-After. */
  readonly retryAfterSeconds: number | undefined;

  constructor(
    status: number,
    message: string,
    details: { error?: string; issues?: ErrorResponse['issues']; retryAfterSeconds?: number } = {},
  ) {
    super(message);
    this.status = status;
    this.error = details.error;
    this.issues = details.issues;
    this.retryAfterSeconds = details.retryAfterSeconds;
  }
}

export function isApiError(error: unknown, status?: number): error is ApiError {
  return error instanceof ApiError && (status === undefined || error.status === status);
}

/** A 400's field problem as the API writes it: 'body.email: Invalid email address'. */
const fieldProblem = /^([\w.[\]-]+): (.+)$/s;

/** One message, or one field problem with its path kept as it is (it names the field the API read). */
function translatePart(part: string): string {
  const field = fieldProblem.exec(part);
  if (field) {
    const problem = translateServerMessage(field[2]!);
    if (problem !== field[2]) return `${field[1]}: ${problem}`;
  }
  return translateServerMessage(part);
}

/**
 * A server message in the console's language. A 400 naming several fields joins their problems
 * with '; ' ('body.fullname: fullname is required; body.email: Invalid email address'): each is
 * translated on its own (a '; ' not followed by a field path belongs to one message).
 */
function translateServerText(message: string): string {
  return message
    .split(/; (?=[\w.[\]-]+: )/)
    .map(translatePart)
    .join('; ');
}

/**
 * The server's own message for a failed call, in the console's language (the one place errors
 * become text); a generic one when its answer could not be read.
 */
export function errorMessage(error: unknown): string {
  return isApiError(error) ? translateServerText(error.message) : i18n.t('The server sent an answer the console cannot read.');
}

/** Anything with a zod-like `parse`: the contract's response schemas. */
export interface ResponseParser<T> {
  parse(data: unknown): T;
}

export interface RequestOptions<T> {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  query?: Record<string, string | number | boolean | null | undefined>;
  signal?: AbortSignal;
  /** Checks and types the response body (a contract schema). */
  schema?: ResponseParser<T>;
  /** A 401 sends the browser to sign-in unless this is false (the sign-in call, the session probe). */
  redirectOnUnauthorized?: boolean;
}

type UnauthorizedHandler = (signInHref: string) => void;

let unauthorizedHandler: UnauthorizedHandler = (href) => {
  // A full page load: nothing of the expired session (cached data, state) survives.
  window.location.assign(href);
};

/**
 * Set once a 401 has sent the browser to sign-in. The calls a page has in flight when its session
 * ends all answer 401 at once: each starting its own navigation aborted the one before (a browser
 * test saw net::ERR_ABORTED), so only the first leaves; the page load that follows starts afresh.
 */
let leavingForSignIn = false;

/** Replaces what happens on a 401 (tests; an app that prefers client-side navigation). */
export function setUnauthorizedHandler(handler: UnauthorizedHandler): UnauthorizedHandler {
  const previous = unauthorizedHandler;
  unauthorizedHandler = handler;
  leavingForSignIn = false;
  return previous;
}

/** The sign-in page, with the current page as where to come back to. */
export function signInHrefForCurrentPage(location: Pick<Location, 'pathname' | 'search'> = window.location): string {
  if (location.pathname === paths.auth.signIn.path) return paths.auth.signIn.getHref();
  return paths.auth.signIn.getHref(location.pathname, location.search);
}

function buildUrl(path: string, query: RequestOptions<unknown>['query']): string {
  const url = `${API_BASE_URL}${path.startsWith('/') ? path : `/${path}`}`;
  if (!query) return url;
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `${url}?${text}` : url;
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204 || response.status === 205) return undefined;
  const text = await response.text();
  if (!text) return undefined;
  const type = response.headers.get('content-type') ?? '';
  if (!type.includes('json')) return text;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

function errorFromResponse(response: Response, body: unknown): ApiError {
  const retryAfter = Number(response.headers.get('retry-after'));
  const retryAfterSeconds = Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : undefined;
  if (body && typeof body === 'object' && 'message' in body && typeof body.message === 'string') {
    const { message, error, issues } = body as Partial<ErrorResponse> & { message: string };
    return new ApiError(response.status, message, { error, issues, retryAfterSeconds });
  }
  return new ApiError(response.status, `Request failed (${response.status} ${response.statusText || 'error'})`, { retryAfterSeconds });
}

/**
 * Calls the API: JSON in and out, the session cookie always sent. A non-2xx answer throws an
 * ApiError with the server's message; a 401 also sends the browser to sign-in and back.
 */
async function apiRequest<T = unknown>(path: string, options: RequestOptions<T> = {}): Promise<T> {
  const { method = 'GET', body, query, signal, schema, redirectOnUnauthorized = true } = options;
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (body !== undefined) headers['Content-Type'] = 'application/json';

  let response: Response;
  try {
    response = await fetch(buildUrl(path, query), {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      credentials: 'include',
      signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, 'The server cannot be reached. Check the connection and try again.');
  }

  const data = await readBody(response);
  if (!response.ok) {
    const error = errorFromResponse(response, data);
    if (response.status === 401 && redirectOnUnauthorized) {
      setSessionHint(false);
      // Already on the sign-in page: nothing to leave (and no reload loop).
      if (!leavingForSignIn && window.location.pathname !== paths.auth.signIn.path) {
        leavingForSignIn = true;
        unauthorizedHandler(signInHrefForCurrentPage());
      }
    }
    throw error;
  }
  return schema ? schema.parse(data) : (data as T);
}

export const api = {
  get: <T = unknown>(path: string, options: Omit<RequestOptions<T>, 'method' | 'body'> = {}) =>
    apiRequest<T>(path, { ...options, method: 'GET' }),
  post: <T = unknown>(path: string, body?: unknown, options: Omit<RequestOptions<T>, 'method' | 'body'> = {}) =>
    apiRequest<T>(path, { ...options, method: 'POST', body }),
  put: <T = unknown>(path: string, body?: unknown, options: Omit<RequestOptions<T>, 'method' | 'body'> = {}) =>
    apiRequest<T>(path, { ...options, method: 'PUT', body }),
};
