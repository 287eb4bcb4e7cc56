import { vi } from 'vitest';

/** A JSON answer as the API sends it. */
export function jsonResponse(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json; charset=utf-8', ...headers } });
}

/** The API's error body for a status (the contract's errorResponse shape). */
export function errorBody(statusCode: number, error: string, message: string) {
  return { statusCode, error, message };
}

/** A request as a handler sees it. */
export interface StubbedRequest {
  method: string;
  url: string;
  body: unknown;
  init: RequestInit | undefined;
}

/** Answers one "METHOD /path" in a test. */
export type Handler = (request: StubbedRequest) => Response | Promise<Response>;
export type Handlers = Record<string, Handler>;

/**
 * Replaces global fetch for one unit test: each call is answered by the handler registered for
 * "METHOD /path" (path without the /api base and query); anything else fails the test loudly.
 */
export function stubFetch(handlers: Handlers) {
  const calls: StubbedRequest[] = [];
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

/** The API's error answer: `failWith(503, 'Database unavailable')`. */
export function failWith(status: number, message: string): Handler {
  const reasons: Record<number, string> = {
    400: 'Bad Request',
    401: 'Unauthorized',
    404: 'Not Found',
    500: 'Internal Server Error',
    503: 'Service Unavailable',
  };
  return () => jsonResponse(status, errorBody(status, reasons[status] ?? 'Error', message));
}

/** Answers the first call with the first handler, the second with the second...; the last one repeats. */
export function inTurn(...handlers: [Handler, ...Handler[]]): Handler {
  let next = 0;
  return (request) => {
    const handler = handlers[Math.min(next, handlers.length - 1)]!;
    next += 1;
    return handler(request);
  };
}

/** An answer held back until `release()`: for what a page shows while it waits. */
export function heldAnswer(handler: Handler): { handler: Handler; release: () => void } {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  return {
    handler: async (request) => {
      await released;
      return handler(request);
    },
    release: () => release(),
  };
}
