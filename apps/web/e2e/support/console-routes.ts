import type { APIRequestContext } from 'playwright-core';
import { paths } from '../../src/config/paths';

/**
 * Every signed-in route of the console, derived from `src/config/paths.ts` (the router's route
 * table is built from it): a route added there is opened by the browser checks the day it is added.
 * A route whose link needs an id (`getHref(id)`: '/user-list/:id', '/redeem?id=') must say which
 * record to open in `sampleIds` below, or `signedInRoutes` throws and the checks fail.
 */

export type AppRouteKey = keyof typeof paths.app;

export interface ConsoleRoute {
  /** The key in `paths.app`. */
  key: AppRouteKey;
  /** The router path, e.g. '/user-list/:id'. */
  path: string;
  /** What the browser opens, e.g. '/user-list/1'. */
  href: string;
}

/** Real records of the server under test (started with demo data), one per kind the routes open. */
export interface SampleIds {
  customer: number;
  admin: number;
  transaction: number;
  redemption: number;
  /** A REDEEMED redemption: only those have a hand-over receipt. */
  redeemed: number;
}

/** Which record each route with an id opens. */
const sampleIds: Partial<Record<AppRouteKey, (ids: SampleIds) => number>> = {
  customer: (ids) => ids.customer,
  transaction: (ids) => ids.transaction,
  redemptionReview: (ids) => ids.redemption,
  redemptionDetail: (ids) => ids.redemption,
  redemptionReceipt: (ids) => ids.redeemed,
  admin: (ids) => ids.admin,
};

/** Every key of `paths.app`, in the table's order: one browser check per route. */
export const appRouteKeys = Object.keys(paths.app) as AppRouteKey[];

/** The route behind a key, with the address that opens it (a sample record's id where it needs one). */
export function consoleRoute(key: AppRouteKey, ids: SampleIds): ConsoleRoute {
  const unknown = Object.keys(sampleIds).filter((name) => !(name in paths.app));
  if (unknown.length > 0) throw new Error(`sampleIds names routes that paths.app does not have: ${unknown.join(', ')}`);
  const route = paths.app[key];
  const getHref = route.getHref as (id?: number) => string;
  if (getHref.length === 0) return { key, path: route.path, href: getHref() };
  const pick = sampleIds[key];
  if (!pick) {
    throw new Error(
      `paths.app.${key} (${route.path}) takes an id but e2e/support/console-routes.ts has no sample id for it: add one to sampleIds`,
    );
  }
  return { key, path: route.path, href: getHref(pick(ids)) };
}

/**
 * Ids of real records, asked from the API where it has a list (customers, the signed-in admin);
 * the demo data's first record for kinds whose API is still to come (the generator numbers them
 * from 1: 1200 transactions, 300 redemptions by default).
 */
export async function fetchSampleIds(request: APIRequestContext, baseUrl: string): Promise<SampleIds> {
  const users = await request.get(`${baseUrl}/api/admin/list/users?limit=1&page=0&sort=createdAt&order=asc`);
  if (!users.ok()) throw new Error(`GET /api/admin/list/users answered ${users.status()}: ${await users.text()}`);
  const { data } = (await users.json()) as { data: Array<{ id: number }> };
  if (!data[0]) throw new Error('the user list is empty: start the server with demo data (startServer({ demoData: true }))');

  const session = await request.get(`${baseUrl}/api/account/session`);
  if (!session.ok()) throw new Error(`GET /api/account/session answered ${session.status()}: sign in first`);
  const { admin } = (await session.json()) as { admin: { id: number } };

  const redeemed = await request.get(`${baseUrl}/api/admin/list/redeems?limit=1&page=0&status=REDEEMED`);
  if (!redeemed.ok()) throw new Error(`GET /api/admin/list/redeems answered ${redeemed.status()}: ${await redeemed.text()}`);
  const [receipt] = ((await redeemed.json()) as { data: Array<{ id: number }> }).data;
  if (!receipt) throw new Error('the demo data has no REDEEMED redemption to open a receipt of');

  return { customer: data[0].id, admin: admin.id, transaction: 1, redemption: 1, redeemed: receipt.id };
}
