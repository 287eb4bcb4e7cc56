import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionResponse } from '@gold/contract';
import { errorBody, jsonResponse, stubFetch } from '@/testing/http';
import { api, ApiError, errorMessage, setUnauthorizedHandler, signInHrefForCurrentPage } from './api-client';

const admin = {
  id: 1,
  fullName: 'Ayu Lestari',
  email: 'ayu@example.com',
  phoneNumber: null,
  role: 'Administrator',
  locationId: null,
  status: 'Activated',
  language: 'en',
};

describe('api client', () => {
  const redirects: string[] = [];
  let restore: (href: string) => void;

  beforeEach(() => {
    redirects.length = 0;
    restore = setUnauthorizedHandler((href) => redirects.push(href));
    window.history.replaceState(null, '', '/');
  });

  afterEach(() => {
    setUnauthorizedHandler(restore);
  });

  it('calls /api with the cookie, JSON in and out, and checks the answer against the contract', async () => {
    const { calls } = stubFetch({ 'POST /admin/login': () => jsonResponse(200, { admin }) });
    const result = await api.post('/admin/login', { email: 'ayu@example.com', password: 'pw' }, { schema: sessionResponse });
    expect(result.admin.fullName).toBe('Ayu Lestari');
    const [call] = calls;
    expect(call?.url).toBe('/api/admin/login');
    expect(call?.init?.credentials).toBe('include');
    expect(call?.body).toEqual({ email: 'ayu@example.com', password: 'pw' });
    expect(new Headers(call?.init?.headers).get('content-type')).toBe('application/json');
  });

  it('adds only the query parameters that have a value', async () => {
    const { calls } = stubFetch({ 'GET /admin/list/users': () => jsonResponse(200, []) });
    await api.get('/admin/list/users', { query: { limit: 5, page: 0, search: '', sort: undefined } });
    expect(calls[0]?.url).toBe('/api/admin/list/users?limit=5&page=0');
  });

  it('returns nothing for a 204', async () => {
    stubFetch({ 'POST /account/logout': () => new Response(null, { status: 204 }) });
    await expect(api.post('/account/logout')).resolves.toBeUndefined();
  });

  it('throws an ApiError with the status and the server’s message', async () => {
    stubFetch({
      'POST /admin/redeem/approve': () => jsonResponse(409, errorBody(409, 'Conflict', 'Only a redemption in PREPARATION can be approved')),
    });
    const error = await api.post('/admin/redeem/approve', { id: 1 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 409, error: 'Conflict', message: 'Only a redemption in PREPARATION can be approved' });
    expect(redirects).toEqual([]);
  });

  it('reads Retry-After on a 429', async () => {
    stubFetch({
      'POST /admin/login': () =>
        jsonResponse(429, errorBody(429, 'Too Many Requests', 'Too many sign-in attempts.'), { 'retry-after': '600' }),
    });
    const error = await api.post('/admin/login', {}, { redirectOnUnauthorized: false }).catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 429, retryAfterSeconds: 600, message: 'Too many sign-in attempts.' });
  });

  it('names the status when the error body is not the API’s', async () => {
    stubFetch({
      'GET /price': () =>
        new Response('<html>Bad gateway</html>', { status: 502, statusText: 'Bad Gateway', headers: { 'content-type': 'text/html' } }),
    });
    await expect(api.get('/price')).rejects.toMatchObject({ status: 502, message: 'Request failed (502 Bad Gateway)' });
  });

  it('reports an unreachable server as status 0', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await expect(api.get('/price')).rejects.toMatchObject({ status: 0 });
  });

  it('sends the browser to sign-in with the way back on a 401', async () => {
    window.history.replaceState(null, '', '/redeem?id=42');
    stubFetch({ 'GET /admin/redeem/42': () => jsonResponse(401, errorBody(401, 'Unauthorized', 'Sign in first')) });
    await expect(api.get('/admin/redeem/42')).rejects.toMatchObject({ status: 401 });
    expect(redirects).toEqual(['/?redirect=%2Fredeem&param=id%3D42']);
  });

  it('leaves for sign-in once when the calls in flight all answer 401 (a second navigation would abort the first)', async () => {
    window.history.replaceState(null, '', '/dashboard');
    stubFetch({
      'GET /admin/count/users': () => jsonResponse(401, errorBody(401, 'Unauthorized', 'Sign in first')),
      'GET /admin/count/transactions': () => jsonResponse(401, errorBody(401, 'Unauthorized', 'Sign in first')),
      'GET /admin/redeem/42': () => jsonResponse(401, errorBody(401, 'Unauthorized', 'Sign in first')),
    });
    const calls = ['/admin/count/users', '/admin/count/transactions', '/admin/redeem/42'].map((path) => api.get(path));
    for (const call of calls) await expect(call).rejects.toMatchObject({ status: 401 });
    expect(redirects).toEqual(['/?redirect=%2Fdashboard']);
  });

  it('does not reload the sign-in page on a 401 there', async () => {
    stubFetch({ 'GET /admin/count/users': () => jsonResponse(401, errorBody(401, 'Unauthorized', 'Sign in first')) });
    await expect(api.get('/admin/count/users')).rejects.toMatchObject({ status: 401 });
    expect(redirects).toEqual([]);
  });

  it('does not redirect on the 401 of a call that handles it itself (sign-in)', async () => {
    stubFetch({ 'POST /admin/login': () => jsonResponse(401, errorBody(401, 'Unauthorized', 'Invalid email or password')) });
    await expect(api.post('/admin/login', {}, { redirectOnUnauthorized: false })).rejects.toMatchObject({
      status: 401,
      message: 'Invalid email or password',
    });
    expect(redirects).toEqual([]);
  });
});

describe('errorMessage', () => {
  it('is the server’s message for a failed call, and a generic sentence for an answer the console could not read', () => {
    expect(errorMessage(new ApiError(503, 'Database unavailable'))).toBe('Database unavailable');
    expect(errorMessage(new Error('Expected number, received string'))).toBe('The server sent an answer the console cannot read.');
  });
});

describe('signInHrefForCurrentPage', () => {
  it('carries the path and, when there is one, the query without its "?"', () => {
    expect(signInHrefForCurrentPage({ pathname: '/user-list/5', search: '' })).toBe('/?redirect=%2Fuser-list%2F5');
    expect(signInHrefForCurrentPage({ pathname: '/redeem', search: '?id=7' })).toBe('/?redirect=%2Fredeem&param=id%3D7');
    expect(signInHrefForCurrentPage({ pathname: '/', search: '?redirect=%2Fdashboard' })).toBe('/');
  });
});
