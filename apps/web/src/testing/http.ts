import { vi } from 'vitest';

/** A JSON answer as the API sends it. */
export function jsonResponse(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json; charset=utf-8', ...headers } });
}

/** The API's error body for a status (the contract's errorResponse shape). */
export function errorBody(statusCode: number, error: string, message: string) {
  return { statusCode, error, message };
}

type Handler = (request: { method: string; url: string; body: unknown; init: RequestInit | undefined }) => Response | Promise<Response>;

/**
 * Replaces global fetch for one unit test: each call is answered by the handler registered for
 * "METHOD /path" (path without the /api base and query); anything else fails the test loudly.
 */
export function stubFetch(handlers: Record<string, Handler>) {
  const calls: Array<{ method: string; url: string; body: unknown; init: RequestInit | undefined }> = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const method = (init?.method ?? 'GET').toUpperCase();
    const path = new URL(url, 'http://localhost').pathname.replace(/^\/api/, '');
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    const call = { method, url, body, init };
    calls.push(call);
    const handler = handlers[`${method} ${path}`];
    if (!handler) throw new Error(`Unexpected request in test: ${method} ${url}`);
    return handler(call);
  });
  vi.stubGlobal('fetch', fetchMock);
  return { fetchMock, calls };
}
