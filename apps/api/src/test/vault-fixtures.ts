import type { FastifyInstance } from 'fastify';
import type { AddPhysicalGoldResponse } from '@gold/contract';
import { call, signIn, type Answer } from './api-processes';
import { insertTestAdmin, signInCookie, testAdmin, type TestApp } from './test-app';

/**
 * Stock for tests, under four eyes as in production: Add Amount (POST /admin/physicalgold/add)
 * only proposes a receipt; a second supervisor confirms it, and only then is the stock in.
 */

/**
 * Second Supervisors (checkers), each made and signed in once per app. Re-authentication is
 * throttled per admin like a sign-in, so additions made at once are confirmed by different
 * checkers: the lowest one not busy.
 */
const checkers = new WeakMap<FastifyInstance, { cookies: Promise<string>[]; busy: boolean[] }>();
export const secondSupervisor = { email: 'second.supervisor@example.com', password: testAdmin.password, fullName: 'Budi Santoso' };

async function withChecker<T>(t: TestApp, use: (cookie: string, password: string) => Promise<T>): Promise<T> {
  let pool = checkers.get(t.app);
  if (!pool) checkers.set(t.app, (pool = { cookies: [], busy: [] }));
  let slot = pool.busy.indexOf(false);
  if (slot === -1) slot = pool.busy.length;
  pool.busy[slot] = true;
  const account = slot === 0 ? secondSupervisor : { ...secondSupervisor, email: `second.supervisor.${slot}@example.com` };
  pool.cookies[slot] ??= insertTestAdmin(t.database, account).then(() => signInCookie(t.app, account));
  try {
    return await use(await pool.cookies[slot]!, account.password);
  } finally {
    pool.busy[slot] = false;
  }
}

/** The first checker's Cookie header value (made and signed in on first use). */
export function checkerCookie(t: TestApp): Promise<string> {
  return withChecker(t, async (cookie) => cookie);
}

/**
 * Adds `amount` pieces of `denom` (a new denom is created) as the test admin and has them
 * confirmed by the second supervisor: the answer is the add's, its denomination read after the
 * confirmation (with the stock in).
 */
export async function addStock(t: TestApp, denom: number, amount: number): Promise<AddPhysicalGoldResponse> {
  const added = await t.injectAsAdmin({ method: 'POST', url: '/api/admin/physicalgold/add', payload: { denom, amount } });
  if (added.statusCode >= 300) throw new Error(`pieces not proposed: ${added.statusCode} ${added.body}`);
  const answer = added.json<AddPhysicalGoldResponse>();
  const confirmed = await withChecker(t, (cookie, password) =>
    t.app.inject({
      method: 'POST',
      url: `/api/admin/confirmations/${answer.confirmation!.id}/confirm`,
      payload: { reauth: { password } },
      headers: { cookie },
    }),
  );
  if (confirmed.statusCode !== 200) throw new Error(`pieces not confirmed: ${confirmed.statusCode} ${confirmed.body}`);
  const list = await t.injectAsAdmin({ method: 'GET', url: '/api/admin/denoms' });
  const denomination = list.json<{ data: AddPhysicalGoldResponse['denomination'][] }>().data.find((d) => d.id === answer.denomination.id)!;
  return { ...answer, denomination };
}

/**
 * Over HTTP, on an API process: `makerCookie` (a Supervisor) proposes, a second Supervisor added
 * by `administrator` (once per process database) confirms. Answers the confirmation's answer.
 */
export async function addStockOverHttp(
  baseUrl: string,
  makerCookie: string,
  administrator: { email: string; password: string },
  denom: number,
  amount: number,
): Promise<Answer<AddPhysicalGoldResponse>> {
  const added = await call<AddPhysicalGoldResponse>(baseUrl, '/api/admin/physicalgold/add', {
    cookie: makerCookie,
    body: { denom, amount },
  });
  if (added.status >= 300) return added;
  const checker = { email: `checker.${administrator.email}`, password: administrator.password };
  const administratorCookie = await signIn(baseUrl, administrator);
  const made = await call(baseUrl, '/api/admin/add', {
    cookie: administratorCookie,
    body: { fullname: 'Test Checker', ...checker, role: 'Supervisor', reauth: { password: administrator.password } },
  });
  // 409: added by an earlier call (the e-mail is taken).
  if (made.status !== 201 && made.status !== 409) throw new Error(`checker not added: ${made.status} ${JSON.stringify(made.body)}`);
  const confirmed = await call(baseUrl, `/api/admin/confirmations/${added.body.confirmation!.id}/confirm`, {
    cookie: await signIn(baseUrl, checker),
    body: { reauth: { password: checker.password } },
  });
  if (confirmed.status !== 200) throw new Error(`pieces not confirmed: ${confirmed.status} ${JSON.stringify(confirmed.body)}`);
  return added;
}
