/**
 * Route security suite (every route against the security checks). It reads the route list from the app's own
 * GET /api/openapi.json, so a route is covered the day it is added, with no list to keep here
 * except the reviewed public routes. On each engine, against the real app and database:
 *
 * 1. Authentication: every route under /api/admin/ and /api/account/ (other than the reviewed
 *    public ones) answers 401 JSON without a session cookie, with a forged, malformed or huge
 *    one, with the stored hash of a live token, with a live token under another cookie name,
 *    and with sessions that ended (absolute expiry, idle expiry, logout, admin deactivated);
 *    also when the request's input is invalid (the session check comes first and reveals nothing),
 *    and for HEAD and unknown paths. A route outside those prefixes that is not on the public
 *    list fails the suite until reviewed.
 * 2. Cross-origin: every POST/PUT/PATCH/DELETE answers 403 to a foreign Origin and/or
 *    Sec-Fetch-Site: cross-site, with and without a valid session (sign-in with the right
 *    password included), and nothing is written.
 * 3. Bad input: every route with path, query or body input gets property-based input generated
 *    from its JSON Schema that breaks it by construction (json-schema-inputs.ts: wrong types,
 *    missing and extra fields, huge and unicode text, negative, fractional and huge numbers,
 *    values outside an enum), carrying SQL, script and control-character fragments, sent with a
 *    valid admin session so validation answers. Body routes also get malformed JSON, wrong
 *    content types (a text/plain or form post is what a cross-site form can send) and oversized
 *    bodies. The answer must be a 4xx application/json with a non-empty message, never a 5xx.
 * 4. Reads: every GET route gets its example request (and the one with every optional parameter),
 *    then schema-valid input full of hostile text: each sharp fragment (NUL, LIKE wildcards and escapes, quotes, lone surrogates...) in each free-text
 *    parameter, then random valid input with unknown parameters: any answer but a 5xx, always JSON,
 *    and a response that does not break off half-way.
 * 5. Roles: every admin route against every role (one request each): a role without the route's
 *    permission in the contract's table (packages/contract/src/permissions.ts) gets 403 JSON naming
 *    its role, before its input is read, and nothing is written; a role with it passes the gate (an
 *    invalid body or id, so that nothing changes: a 4xx from validation or the service, never 401 or
 *    403; a read: its example, no 5xx). HEAD is refused like its GET. Checks 3 and 4 use a role that
 *    has the route's permission.
 * 6. Hostile writes (last, as they may write): every state-changing route gets its example input
 *    with each sharp fragment in each free-text field in turn, NUL and lone surrogates first (a
 *    database stores neither, so they must be refused): any answer but a 5xx, always JSON.
 *
 * After every request of 1-4 the database must be as it was (db-fingerprint.ts: if the next transaction
 * id moved, the row count and md5 of the rows of every table, minus the session idle timer, are
 * compared): refused input writes nothing, not even a sign-in attempt. fast-check runs with a fixed seed (SECURITY_SEED
 * overrides; a failure prints seed and counterexample). Each engine prints a one-line summary.
 * Not seen: routes hidden from the document (`schema.hide`; today only /api/openapi.json itself).
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { selectRows } from '../../db/client';
import { seedDemoData } from '../../db/seed/seed-demo-data';
import { sessionCookieName } from '../../modules/identity/sessions/session-cookie';
import { hashSessionToken } from '../../modules/identity/sessions/session-token';
import {
  adminRoles,
  ownAccount,
  platformScopes,
  roleMay,
  routePermissions,
  type AdminRole,
  type CreatedCredentialResponse,
  type PlatformScope,
} from '@gold/contract';
import { describeEachEngine, insertTestAdmin, signInCookie, testAdmin } from '../test-app';
import { databaseWatcher } from './db-fingerprint';
import { concreteUrl, documentedRoutes, type DocumentedRoute, type OpenApiDocument } from './openapi-routes';
import { badRequests, exampleRequest, fragmentSweep, hasInput, hostileValidRequests, type RequestInput } from './route-inputs';

/**
 * Routes anyone may call, reviewed one by one. A new route outside /api/admin/ and
 * /api/account/, or one declared public in the document, fails the suite until it is listed here.
 */
const publicRoutes = new Set([
  'GET /api/health',
  // For load balancers: the process answers / the database answers (modules/health). No data.
  'GET /api/health/live',
  'GET /api/health/ready',
  'GET /api/app-config',
  // The gold price, as the customer site shows it: nothing about customers or the vault.
  'GET /api/price',
  'POST /api/admin/login',
  'POST /api/account/logout',
  // The website's contact form: validated, plain text, throttled per address (modules/contacts).
  'POST /api/contact',
  // The second step of sign-in: a short-lived token from a right password stands in for the session (modules/two-factor).
  'POST /api/admin/login/two-factor',
  'POST /api/admin/login/two-factor/setup',
  'POST /api/admin/login/two-factor/enable',
]);
const signedInPrefixes = ['/api/admin/', '/api/account/'];
/** The customer platform's routes: a Bearer credential with the route's scope, never a session. */
const platformPrefix = '/api/platform/';
const isPlatformRoute = (route: DocumentedRoute) => route.path.startsWith(platformPrefix);

const seed = Number(process.env.SECURITY_SEED ?? 20261122);
/**
 * fast-check runs per route: a budget shared by the routes (within bounds), so the suite stays
 * well under a minute per engine as routes are added. PGlite answers a list in tens of
 * milliseconds on a shared machine; PostgreSQL is several times faster.
 */
const runsPerRoute = (budget: number, routeCount: number, bounds: { min: number; max: number }) =>
  Math.min(bounds.max, Math.max(bounds.min, Math.round(budget / Math.max(1, routeCount))));
const badInputRuns = (routeCount: number) => runsPerRoute(720, routeCount, { min: 20, max: 80 });
const hostileReadRuns = (routeCount: number) => runsPerRoute(240, routeCount, { min: 10, max: 30 });

const foreignOrigin = 'https://evil.example';
const foreignHeaders: Record<string, Record<string, string>> = {
  'foreign Origin, Sec-Fetch-Site: cross-site': { origin: foreignOrigin, 'sec-fetch-site': 'cross-site' },
  'foreign Origin only': { origin: foreignOrigin },
  'Sec-Fetch-Site: cross-site only': { 'sec-fetch-site': 'cross-site' },
  'opaque Origin (null), cross-site': { origin: 'null', 'sec-fetch-site': 'cross-site' },
  'look-alike Origin': { origin: 'http://localhost.evil.example', 'sec-fetch-site': 'same-site' },
};

const isSignedInOnly = (route: DocumentedRoute) =>
  !publicRoutes.has(route.key) &&
  (route.declaredSecurity === 'protected' || isPlatformRoute(route) || signedInPrefixes.some((p) => route.path.startsWith(p)));

/** The permission table's key of a documented route: `GET /api/admin/users/:id` for `/api/admin/users/{id}`. */
const permissionKey = (route: DocumentedRoute) => `${route.method} ${route.path.replace(/\{([^}]+)\}/g, ':$1')}`;
/** The routes the permission table governs: the signed-in admin scope. */
const isAdminScoped = (route: DocumentedRoute) => isSignedInOnly(route) && signedInPrefixes.some((p) => route.path.startsWith(p));
/** The roles that may call a route, by the contract's table (every role for one's own account). */
const allowedRoles = (route: DocumentedRoute): AdminRole[] => {
  const needed = routePermissions[permissionKey(route)];
  if (needed === undefined) return [];
  return adminRoles.filter((role) => needed === ownAccount || needed.some((permission) => roleMay(role, permission)));
};

describeEachEngine('route security', (t) => {
  let routes: DocumentedRoute[] = [];
  let watcher: Awaited<ReturnType<typeof databaseWatcher>>;
  let adminCookie = '';
  const refusedCookies: Record<string, string | undefined> = {};
  /** A credential with every scope; and credentials that must open no platform route. */
  let platformSecret = '';
  const refusedBearers: Record<string, string> = {};
  const scopeCredentials = new Map<PlatformScope, string>();
  /** The cookie of a signed-in admin of each role (the Supervisor's is the test admin's). */
  const roleCookies = {} as Record<AdminRole, string>;
  /** What a signed-in request carries: the cookie of a role that may call the route (the Supervisor when it may), or on a platform route the credential and an Idempotency-Key. */
  const signedIn = (route: DocumentedRoute): Record<string, string> =>
    isPlatformRoute(route)
      ? { authorization: `Bearer ${platformSecret}`, 'idempotency-key': randomUUID() }
      : { cookie: roleCookies[allowedRoles(route).find((role) => role === 'Supervisor') ?? allowedRoles(route)[0] ?? 'Supervisor'] };
  const cases = { auth: 0, origin: 0, badInput: 0, bodyAbuse: 0, hostileReads: 0, roles: 0, hostileWrites: 0 };

  beforeAll(async () => {
    const { app, database } = t();
    // A small demo world, so that a stray UPDATE or DELETE has rows to change.
    await seedDemoData(database.db, { users: 25, redemptions: 15, transactions: 15, orders: 10, messages: 5, prices: 10 }, { seed: 3 });
    adminCookie = await t().adminCookie();
    for (const role of adminRoles) roleCookies[role] = await t().cookieAs(role);
    const liveToken = adminCookie.slice(sessionCookieName.length + 1);

    // Sessions that existed and must no longer open anything.
    const probe = { email: 'probe@example.com', password: testAdmin.password };
    await insertTestAdmin(database, probe);
    const sessionThen = async (change: (tokenHash: string) => ReturnType<typeof sql>) => {
      const cookie = await signInCookie(app, probe);
      await database.db.execute(change(hashSessionToken(cookie.slice(sessionCookieName.length + 1))));
      return cookie;
    };
    refusedCookies['expired session'] = await sessionThen(
      (hash) => sql`update admin_sessions set expires_at = now() - interval '1 second' where token_hash = ${hash}`,
    );
    refusedCookies['idle session'] = await sessionThen(
      (hash) =>
        sql`update admin_sessions set last_seen_at = now() - make_interval(mins => ${t().config.SESSION_IDLE_MINUTES + 1}) where token_hash = ${hash}`,
    );
    const loggedOut = await signInCookie(app, probe);
    const logout = await app.inject({ method: 'POST', url: '/api/account/logout', headers: { cookie: loggedOut } });
    expect(logout.statusCode).toBe(204);
    refusedCookies['logged-out session'] = loggedOut;
    const inactive = { email: 'probe-inactive@example.com', password: testAdmin.password };
    await insertTestAdmin(database, inactive);
    refusedCookies['session of a deactivated admin'] = await signInCookie(app, inactive);
    await database.db.execute(sql`update admins set status = 'Not Activated' where email = ${inactive.email}`);

    Object.assign(refusedCookies, {
      'no cookie': undefined,
      'forged token': `${sessionCookieName}=${randomBytes(32).toString('base64url')}`,
      'empty token': `${sessionCookieName}=`,
      'SQL in the token': `${sessionCookieName}=' OR '1'='1`,
      'huge token': `${sessionCookieName}=${'A'.repeat(8000)}`,
      'stored hash of a live token': `${sessionCookieName}=${hashSessionToken(liveToken)}`,
      'live token under another cookie name': `x_${adminCookie}`,
    });

    const credential = async (scopes: PlatformScope[], name: string) => {
      const created = await app.inject({
        method: 'POST',
        url: '/api/admin/credentials',
        headers: { cookie: roleCookies.Administrator },
        payload: { name, scopes, reauth: { password: testAdmin.password } },
      });
      expect(created.statusCode).toBe(201);
      return created.json<CreatedCredentialResponse>();
    };
    platformSecret = (await credential([...platformScopes], 'every scope')).secret;
    for (const scope of platformScopes) scopeCredentials.set(scope, (await credential([scope], `only ${scope}`)).secret);
    const revoked = await credential([...platformScopes], 'revoked');
    expect(
      (
        await app.inject({
          method: 'POST',
          url: `/api/admin/credentials/${revoked.credential.id}/revoke`,
          headers: { cookie: roleCookies.Administrator },
        })
      ).statusCode,
    ).toBe(200);
    const expired = await credential([...platformScopes], 'expired');
    await database.db.execute(
      sql`update integration_credentials set expires_at = now() - interval '1 second' where id = ${expired.credential.id}`,
    );
    Object.assign(refusedBearers, {
      'a revoked credential': revoked.secret,
      'an expired credential': expired.secret,
      'a forged credential': `gbo_${randomBytes(32).toString('base64url')}`,
      'the stored hash of a live credential': (
        await selectRows<{ hash: string }>(database.db, sql`select secret_hash as hash from integration_credentials order by id limit 1`)
      )[0]!.hash,
    });

    const doc = await app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(doc.statusCode).toBe(200);
    routes = documentedRoutes(doc.json<OpenApiDocument>());
    watcher = await databaseWatcher(database.db);
  });

  afterAll(() => {
    const total = Object.values(cases).reduce((a, b) => a + b, 0);
    console.log(
      `[security suite] ${t().engine}: ${routes.length} routes (${routes.filter(isSignedInOnly).length} signed-in only, ` +
        `${routes.filter((r) => !isSignedInOnly(r)).length} public, ${routes.filter((r) => r.stateChanging).length} state-changing, ` +
        `${routes.filter(hasInput).length} with input); ${total} cases: ${cases.auth} auth (401), ${cases.origin} cross-origin (403), ` +
        `${cases.badInput} generated bad input + ${cases.bodyAbuse} malformed/oversized/wrong-type bodies (4xx), ` +
        `${cases.hostileReads} valid and hostile reads + ${cases.hostileWrites} hostile writes (no 5xx), ` +
        `${cases.roles} route × role checks (403 without the permission); fast-check seed ${seed}`,
    );
  });

  /** The scope the document names for a platform route (security: [{ platformBearer: [scope] }]). */
  let document: OpenApiDocument | undefined;
  const routeScope = async (route: DocumentedRoute): Promise<string | undefined> => {
    document ??= (await t().app.inject({ method: 'GET', url: '/api/openapi.json' })).json<OpenApiDocument>();
    const operation = document.paths[route.path]?.[route.method.toLowerCase()];
    return operation?.security?.[0]?.platformBearer?.[0];
  };

  /** Sends a request; a response that breaks off (a stream failing half-way) becomes an Error instead of a rejection. */
  const send = async (
    route: DocumentedRoute,
    input: RequestInput,
    options: { cookie?: string; headers?: Record<string, string> } = {},
  ): Promise<LightMyRequestResponse | Error> => {
    const headers: Record<string, string> = { ...(options.headers ?? {}) };
    if (options.cookie !== undefined) headers.cookie = options.cookie;
    let payload: string | undefined;
    if (input.body && 'json' in input.body) {
      payload = JSON.stringify(input.body.json);
      headers['content-type'] = 'application/json';
    }
    return t()
      .app.inject({ method: route.method as 'GET', url: concreteUrl(route.path, input.params, input.query), headers, payload })
      .catch((error: unknown) => (error instanceof Error ? error : new Error(String(error))));
  };

  /** The problem with an answer, or null: the status must pass `expected`, and the answer be JSON with a message. */
  const problemWith = (
    response: LightMyRequestResponse | Error,
    expected: (status: number) => boolean,
    expectation: string,
    route?: DocumentedRoute,
  ) => {
    if (response instanceof Error) return `expected ${expectation}, the response broke off: ${response.message}`;
    const summary = `${response.statusCode} ${response.body.slice(0, 300)}`;
    if (!expected(response.statusCode)) return `expected ${expectation}, answered ${summary}`;
    // A 2xx in a media type the document declares for the route (a CSV export); errors stay JSON.
    const type = String(response.headers['content-type']).split(';')[0]!.trim();
    if (response.statusCode < 300 && route?.otherSuccessTypes.includes(type)) return null;
    if (!/^application\/json\b/.test(String(response.headers['content-type'])))
      return `answered ${response.statusCode} as ${String(response.headers['content-type'])}, not JSON`;
    let body: { message?: unknown };
    try {
      body = response.json();
    } catch {
      return `answered ${response.statusCode} with a body that is not JSON: ${summary}`;
    }
    if (response.statusCode >= 400 && (typeof body.message !== 'string' || body.message.trim() === ''))
      return `answered ${summary} without a message`;
    return null;
  };

  /** The request each route would accept: the example input, and the real password for the sign-in route. */
  const acceptableRequest = (route: DocumentedRoute): RequestInput => {
    const input = exampleRequest(route);
    if (route.key === 'POST /api/admin/login') input.body = { json: { email: testAdmin.email, password: testAdmin.password } };
    return input;
  };

  const expectNoFailures = (failures: string[]) => {
    if (failures.length > 0) throw new Error(`${failures.length} failure(s):\n\n${failures.join('\n\n')}`);
  };

  it('has a database watcher that sees every genuine write and ignores only the idle timer', async () => {
    const { app, database } = t();
    await watcher.reset();
    const adminTokenHash = hashSessionToken(adminCookie.slice(sessionCookieName.length + 1));
    await database.db.execute(
      sql`update admin_sessions set last_seen_at = now() - interval '5 minutes' where token_hash = ${adminTokenHash}`,
    );
    expect((await app.inject({ method: 'GET', url: '/api/account/session', headers: { cookie: adminCookie } })).statusCode).toBe(200);
    expect(await watcher.changes(), 'the idle timer is not a write').toEqual([]);

    const failed = await app.inject({
      method: 'POST',
      url: '/api/admin/login',
      payload: { email: 'nobody@example.com', password: 'wrong' },
    });
    expect(failed.statusCode).toBe(401);
    expect(await watcher.changes(), 'a failed sign-in').toEqual([expect.stringMatching(/^public\.sign_in_attempts: \d+ -> \d+ rows$/)]);

    await watcher.reset();
    await database.db.execute(sql`update customers set full_name = full_name || '.' where id = (select min(id) from customers)`);
    expect(await watcher.changes(), 'an update').toEqual([expect.stringMatching(/^public\.customers: (\d+) -> \1 rows \(rows changed\)$/)]);
    await database.db.execute(sql`update customers set full_name = left(full_name, -1) where id = (select min(id) from customers)`);
    expect(await watcher.changes(), 'undone, so as before').toEqual([]);

    const cookie = await signInCookie(app, { email: 'probe@example.com', password: testAdmin.password });
    await watcher.reset();
    expect((await app.inject({ method: 'POST', url: '/api/account/logout', headers: { cookie } })).statusCode).toBe(204);
    expect(await watcher.changes(), 'a logout').toContainEqual(
      expect.stringMatching(/^public\.admin_sessions: (\d+) -> \1 rows \(rows changed\)$/),
    );
  });

  it('reads every route from the OpenAPI document, and each route reachable without a session is reviewed', () => {
    expect(routes.length).toBeGreaterThan(publicRoutes.size);
    const unreviewed = routes.filter((r) => !isSignedInOnly(r) && !publicRoutes.has(r.key)).map((r) => r.key);
    expect(
      unreviewed,
      'routes reachable without a session: review them and add them to publicRoutes, or move them into the admin scope',
    ).toEqual([]);
    expect(
      [...publicRoutes].filter((key) => !routes.some((r) => r.key === key)),
      'public routes that no longer exist',
    ).toEqual([]);
    const contradictions = routes.filter((r) => r.declaredSecurity === 'public' && isSignedInOnly(r)).map((r) => r.key);
    expect(contradictions, 'declared public in the document but not on the reviewed list').toEqual([]);
  });

  it(
    'answers 401 JSON on every signed-in route without a live session, whatever the input, writing nothing',
    { timeout: 120_000 },
    async () => {
      const failures: string[] = [];
      await watcher.reset();
      for (const route of routes.filter(isSignedInOnly)) {
        const input = exampleRequest(route);
        for (const [name, cookie] of Object.entries(refusedCookies)) {
          cases.auth++;
          const problem = problemWith(await send(route, input, { cookie }), (s) => s === 401, '401');
          if (problem) failures.push(`${route.key} with ${name}: ${problem}`);
        }
        if (route.method === 'GET') {
          // Fastify answers HEAD from every GET route: the same session check, no body.
          cases.auth++;
          const head = await t().app.inject({ method: 'HEAD', url: concreteUrl(route.path, input.params, input.query) });
          if (head.statusCode !== 401) failures.push(`HEAD ${route.path} without a session: expected 401, answered ${head.statusCode}`);
        }
        const bad = badRequests(route);
        if (bad) {
          for (const { value, why } of fc.sample(bad, { seed, numRuns: 3 })) {
            cases.auth++;
            // A path parameter longer than the router takes (Fastify's maxParamLength, 100) is a 414 before any route: nothing to reveal.
            const tooLong = Object.values(value.params).some((param) => encodeURIComponent(String(param)).length > 100);
            const problem = problemWith(await send(route, value), (s) => s === 401 || (tooLong && s === 414), '401');
            if (problem) failures.push(`${route.key} without a session, input ${JSON.stringify(value)} (${why}): ${problem}`);
          }
        }
      }
      for (const path of ['/api/admin/no-such-route', '/api/account/no-such-route']) {
        cases.auth++;
        const problem = problemWith(await t().app.inject({ method: 'GET', url: path }), (s) => s === 401, '401');
        if (problem) failures.push(`GET ${path} (unknown) without a session: ${problem}`);
      }
      failures.push(...(await watcher.changes()).map((change) => `the database changed: ${change}`));
      expectNoFailures(failures);
    },
  );

  it(
    'opens every platform route only with a live credential that has its scope: never a session, and admin routes never with a credential',
    { timeout: 120_000 },
    async () => {
      const failures: string[] = [];
      const platform = routes.filter(isPlatformRoute);
      expect(platform.length).toBeGreaterThan(0);
      await watcher.reset();
      for (const route of platform) {
        const input = exampleRequest(route);
        const attempts: Array<[string, Record<string, string>, number]> = [
          ['no credential', {}, 401],
          ['an admin session', { cookie: adminCookie }, 401],
          ['an admin session and a Basic header', { cookie: adminCookie, authorization: 'Basic YWRtaW46YWRtaW4=' }, 401],
          ...Object.entries(refusedBearers).map(([name, secret]): [string, Record<string, string>, number] => [
            name,
            { authorization: `Bearer ${secret}` },
            401,
          ]),
        ];
        // A credential with each other scope: 403. The route's own scope is read from the document.
        const needed = await routeScope(route);
        if (!needed) failures.push(`${route.key}: the document names no platform scope`);
        for (const [other, secret] of scopeCredentials) {
          if (other !== needed) attempts.push([`a credential with only the ${other} scope`, { authorization: `Bearer ${secret}` }, 403]);
        }
        for (const [name, headers, status] of attempts) {
          cases.auth++;
          const problem = problemWith(
            await send(route, input, { headers: { ...headers, 'idempotency-key': randomUUID() } }),
            (s) => s === status,
            String(status),
          );
          if (problem) failures.push(`${route.key} with ${name}: ${problem}`);
        }
      }
      for (const route of routes.filter((r) => signedInPrefixes.some((p) => r.path.startsWith(p)) && isSignedInOnly(r))) {
        cases.auth++;
        const problem = problemWith(
          await send(route, exampleRequest(route), { headers: { authorization: `Bearer ${platformSecret}` } }),
          (s) => s === 401,
          '401',
        );
        if (problem) failures.push(`${route.key} with a platform credential and no session: ${problem}`);
      }
      cases.auth++;
      const unknown = problemWith(await t().app.inject({ method: 'GET', url: '/api/platform/no-such-route' }), (s) => s === 401, '401');
      if (unknown) failures.push(`GET /api/platform/no-such-route (unknown) without a credential: ${unknown}`);
      failures.push(...(await watcher.changes()).map((change) => `the database changed: ${change}`));
      expectNoFailures(failures);
    },
  );

  it(
    'answers 403 to a cross-site request on every state-changing route, with or without a session, writing nothing',
    { timeout: 120_000 },
    async () => {
      const failures: string[] = [];
      const stateChanging = routes.filter((r) => r.stateChanging);
      expect(stateChanging.length).toBeGreaterThan(0);
      for (const route of stateChanging) {
        const input = acceptableRequest(route);
        for (const [name, headers] of Object.entries(foreignHeaders)) {
          for (const cookie of [undefined, adminCookie]) {
            await watcher.reset();
            cases.origin++;
            const problem = problemWith(await send(route, input, { cookie, headers }), (s) => s === 403, '403');
            const label = `${route.key} (${name}, ${cookie ? 'signed in' : 'no session'})`;
            if (problem) failures.push(`${label}: ${problem}`);
            const changes = await watcher.changes();
            if (changes.length > 0) failures.push(`${label} wrote to the database: ${changes.join('; ')}`);
          }
        }
      }
      const session = await t().app.inject({ method: 'GET', url: '/api/account/session', headers: { cookie: adminCookie } });
      expect(session.statusCode, 'the admin session survives cross-site logouts').toBe(200);
      expectNoFailures(failures);
    },
  );

  it('refuses generated bad input on every route with a 4xx JSON message, never a 5xx, writing nothing', { timeout: 120_000 }, async () => {
    const failures: string[] = [];
    const withInput = routes.filter(hasInput);
    for (const route of withInput) {
      const arbitrary = badRequests(route);
      if (!arbitrary) {
        failures.push(`${route.key}: no bad input can be generated from its schema (teach json-schema-inputs.ts its constructs)`);
        continue;
      }
      await watcher.reset();
      let firstWrite: string | undefined;
      const result = await fc.check(
        fc.asyncProperty(arbitrary, async ({ value }) => {
          cases.badInput++;
          const response = await send(route, value, { headers: signedIn(route) });
          const changes = await watcher.changes();
          if (changes.length > 0) {
            const answer = response instanceof Error ? response.message : response.statusCode;
            firstWrite ??= `${JSON.stringify(value).slice(0, 500)} answered ${answer} and changed ${changes.join('; ')}`;
          }
          const problem = problemWith(response, (s) => s >= 400 && s < 500 && s !== 401 && s !== 403, 'a 4xx from validation');
          if (problem) throw new Error(problem);
          if (firstWrite) throw new Error(`wrote to the database; first writing input: ${firstWrite}`);
        }),
        { seed, numRuns: badInputRuns(withInput.length) },
      );
      if (result.failed) failures.push(`${route.key}:\n${fc.defaultReportMessage(result)}`);
    }
    expectNoFailures(failures);
  });

  it(
    'refuses malformed JSON, wrong content types and oversized bodies with a 4xx JSON message, writing nothing',
    { timeout: 120_000 },
    async () => {
      const failures: string[] = [];
      const json = 'application/json';
      for (const route of routes.filter((r) => r.body !== null || r.stateChanging)) {
        const input = acceptableRequest(route);
        const acceptable = JSON.stringify(input.body && 'json' in input.body ? input.body.json : {});
        // Prepends a member to the acceptable body: `{"x":1,...acceptable}`.
        const withMember = (member: string) => `{${member}${acceptable === '{}' ? '}' : `,${acceptable.slice(1)}`}`;
        const bodies: Array<{ name: string; payload: string | Buffer; contentType?: string }> = [
          { name: 'truncated JSON', payload: acceptable.slice(0, -1), contentType: json },
          { name: 'trailing comma', payload: `${acceptable.slice(0, -1)},}`, contentType: json },
          { name: 'single-quoted JSON', payload: withMember("'role':'Administrator'"), contentType: json },
          { name: 'bare word', payload: 'undefined', contentType: json },
          { name: 'NUL byte', payload: '\u0000', contentType: json },
          { name: 'prototype pollution', payload: withMember('"__proto__":{"isAdmin":true}'), contentType: json },
          { name: 'constructor pollution', payload: withMember('"constructor":{"prototype":{"isAdmin":true}}'), contentType: json },
          { name: 'invalid UTF-8', payload: Buffer.from([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x3a]), contentType: json },
          {
            name: 'oversized (70 KiB)',
            payload: JSON.stringify({ pad: 'x'.repeat(70 * 1024), ...JSON.parse(acceptable) }),
            contentType: json,
          },
          { name: 'oversized (2 MiB)', payload: `[${'"x",'.repeat(512 * 1024)}"x"]`, contentType: json },
        ];
        if (route.body) {
          bodies.push(
            { name: 'text/plain (what a cross-site form can send)', payload: acceptable, contentType: 'text/plain' },
            {
              name: 'form-urlencoded',
              payload: new URLSearchParams(JSON.parse(acceptable)).toString(),
              contentType: 'application/x-www-form-urlencoded',
            },
            {
              name: 'multipart',
              payload: '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\nb\r\n--x--\r\n',
              contentType: 'multipart/form-data; boundary=x',
            },
            {
              name: 'XML',
              payload: '<?xml version="1.0"?><!DOCTYPE a [<!ENTITY e SYSTEM "file:///etc/passwd">]><a>&e;</a>',
              contentType: 'application/xml',
            },
            { name: 'no content type', payload: acceptable },
            { name: 'empty JSON body', payload: '', contentType: json },
          );
        }
        for (const { name, payload, contentType } of bodies) {
          await watcher.reset();
          cases.bodyAbuse++;
          const headers: Record<string, string> = signedIn(route);
          if (contentType) headers['content-type'] = contentType;
          const response = await t()
            .app.inject({ method: route.method as 'POST', url: concreteUrl(route.path, input.params, input.query), headers, payload })
            .catch((error: Error) => error);
          const problem = problemWith(response, (s) => s >= 400 && s < 500 && s !== 401 && s !== 403, 'a 4xx');
          if (problem) failures.push(`${route.key} with ${name}: ${problem}`);
          const changes = await watcher.changes();
          if (changes.length > 0) failures.push(`${route.key} with ${name} wrote to the database: ${changes.join('; ')}`);
        }
      }
      expectNoFailures(failures);
    },
  );

  /** Writes a read may not make: an export writes its own audit entry (and the entry's chain link), nothing else. */
  const readWrites = (route: { path: string }, changes: string[]) =>
    route.path.startsWith('/api/admin/export/')
      ? changes.filter((change) => !/^public\.audit_log(_chain)?: \d+ -> \d+ rows$/.test(change))
      : changes;

  it('answers valid reads, hostile ones included, without a 5xx, in JSON, writing nothing', { timeout: 120_000 }, async () => {
    const failures: string[] = [];
    const reads = routes.filter((r) => r.method === 'GET');
    const acceptable = (s: number) => s < 500 && s !== 401 && s !== 403;
    for (const route of reads) {
      // The example requests and every sharp fragment in every free-text parameter, then random valid input.
      await watcher.reset();
      for (const { input, why } of fragmentSweep(route)) {
        cases.hostileReads++;
        const problem = problemWith(await send(route, input, { headers: signedIn(route) }), acceptable, 'no 5xx', route);
        if (problem)
          failures.push(`${route.key} with ${why} (${concreteUrl(route.path, input.params, input.query).slice(0, 200)}): ${problem}`);
        const changes = readWrites(route, await watcher.changes());
        if (changes.length > 0) failures.push(`${route.key} with ${why} wrote to the database: ${changes.join('; ')}`);
      }
      const arbitrary = hasInput(route) ? hostileValidRequests(route) : null;
      if (!arbitrary) continue;
      await watcher.reset();
      const result = await fc.check(
        fc.asyncProperty(arbitrary, async (input) => {
          cases.hostileReads++;
          const problem = problemWith(await send(route, input, { headers: signedIn(route) }), acceptable, 'no 5xx', route);
          if (problem) throw new Error(problem);
          const changes = readWrites(route, await watcher.changes());
          if (changes.length > 0) throw new Error(`wrote to the database: ${changes.join('; ')}`);
        }),
        { seed, numRuns: hostileReadRuns(reads.filter(hasInput).length) },
      );
      if (result.failed) failures.push(`${route.key}:\n${fc.defaultReportMessage(result)}`);
    }
    expectNoFailures(failures);
  });

  it(
    "answers 403 to every role without a route's permission, before reading its input, writing nothing; a role with it passes",
    { timeout: 120_000 },
    async () => {
      const failures: string[] = [];
      const scoped = routes.filter(isAdminScoped);
      const unlisted = scoped.filter((route) => routePermissions[permissionKey(route)] === undefined).map((route) => route.key);
      expect(unlisted, 'admin routes missing from routePermissions (the app should not even start)').toEqual([]);
      for (const route of scoped) {
        const allowed = allowedRoles(route);
        for (const role of adminRoles) {
          await watcher.reset();
          cases.roles++;
          const cookie = roleCookies[role];
          const label = `${route.key} as ${role}`;
          if (!allowed.includes(role)) {
            const response = await send(route, acceptableRequest(route), { cookie });
            const problem = problemWith(response, (s) => s === 403, '403');
            if (problem) failures.push(`${label}: ${problem}`);
            else if (!(response as LightMyRequestResponse).json<{ message: string }>().message.startsWith(`Your role (${role}) may not `))
              failures.push(`${label}: the 403 does not name the role: ${(response as LightMyRequestResponse).body}`);
            if (route.method === 'GET') {
              cases.roles++;
              const input = exampleRequest(route);
              const head = await t().app.inject({
                method: 'HEAD',
                url: concreteUrl(route.path, input.params, input.query),
                headers: { cookie },
              });
              if (head.statusCode !== 403) failures.push(`HEAD ${route.path} as ${role}: expected 403, answered ${head.statusCode}`);
            }
          } else if (route.stateChanging) {
            // Through the gate, but an input the route refuses: nothing may change.
            const input = exampleRequest(route);
            const invalid: RequestInput = route.body
              ? { ...input, body: { json: 'not an object' } }
              : { ...input, params: Object.fromEntries(Object.keys(input.params).map((name) => [name, '0'])) };
            const problem = problemWith(
              await send(route, invalid, { cookie }),
              (s) => s < 500 && s !== 401 && s !== 403,
              'no 401, 403 or 5xx',
            );
            if (problem) failures.push(`${label} (refused input): ${problem}`);
          } else {
            const problem = problemWith(
              await send(route, exampleRequest(route), { cookie }),
              (s) => s < 500 && s !== 401 && s !== 403,
              'no 401, 403 or 5xx',
              route,
            );
            if (problem) failures.push(`${label}: ${problem}`);
          }
          // A change with no input at all (ending one's other sessions) may do its work; it is audited.
          if (allowed.includes(role) && route.stateChanging && !hasInput(route)) continue;
          const changes = readWrites(route, await watcher.changes());
          if (changes.length > 0) failures.push(`${label} wrote to the database: ${changes.join('; ')}`);
        }
      }
      expectNoFailures(failures);
    },
  );

  // Last, because these requests may legitimately write and change state (a redemption rejected).
  it('answers valid writes carrying hostile text without a 5xx, in JSON', { timeout: 120_000 }, async () => {
    const failures: string[] = [];
    for (const route of routes.filter((r) => r.stateChanging && hasInput(r))) {
      const acceptable = acceptableRequest(route);
      // A public route may answer 401 (a wrong password); a signed-in one must not.
      const expected = (s: number) => s < 500 && s !== 403 && (s !== 401 || !isSignedInOnly(route));
      // Without the plain example itself: it would change the state the fragments are meant to meet.
      for (const { input, why } of fragmentSweep(route, [acceptable, acceptable]).slice(1)) {
        cases.hostileWrites++;
        const problem = problemWith(await send(route, input, { headers: signedIn(route) }), expected, 'no 5xx');
        if (problem) failures.push(`${route.key} with ${why}: ${problem}`);
      }
    }
    expectNoFailures(failures);
  });
});
