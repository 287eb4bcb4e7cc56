import type { FastifyRequest, RouteOptions } from 'fastify';
import { ownAccount, roleMay, routePermissions, type AdminRole, type Permission } from '@gold/contract';
import { forbidden } from '../../../lib/http-errors';

/** What each permission lets a role do, as the 403 names it ("Your role (Teller) may not move stock"). */
const permissionWording: Readonly<Record<Permission, string>> = {
  read: 'read the back office',
  counter: 'work the counter (one-time codes, identity checks, hand-overs)',
  stock: 'move stock',
  confirm: "confirm another admin's action",
  settlement: 'move tokens by hand (refunds, retries)',
  export: 'export data',
  audit: 'read the audit log',
  admins: 'manage admins',
  settings: 'change settings and credentials',
};

/** The table's key of a route: `METHOD /api/path`; HEAD is the GET route Fastify answers it from. */
export const routeKey = (method: string, url: string) => `${method === 'HEAD' ? 'GET' : method} ${url}`;

/** The 403 message when a role lacks every permission a route accepts. */
export function permissionRefusal(role: AdminRole, needed: readonly Permission[]): string {
  const what = needed.map((permission) => permissionWording[permission]).join(' or ');
  return `Your role (${role}) may not ${what}: it needs the ${needed.map((p) => `'${p}'`).join(' or ')} permission`;
}

/**
 * onRoute hook of the admin scope: a route the permission table does not name stops the app
 * while it is built, so no admin route is ever served unchecked.
 */
export function requireListedRoute(route: RouteOptions): void {
  const methods = Array.isArray(route.method) ? route.method : [route.method];
  for (const method of methods) {
    const key = routeKey(method, route.url);
    if (!(key in routePermissions))
      throw new Error(`${key} is in the admin scope but not in routePermissions (packages/contract/src/permissions.ts): add it there`);
  }
}

/**
 * onRequest hook of the admin scope, after requireAdmin: the signed-in admin's role must hold one
 * of the permissions the table gives the route, before its input is even parsed.
 */
export async function requirePermission(request: FastifyRequest): Promise<void> {
  const admin = request.admin;
  if (!admin) throw new Error('requirePermission runs after requireAdmin');
  const needed = routePermissions[routeKey(request.method, request.routeOptions.url ?? '')];
  // The onRoute hook made sure every route is listed; a request that matched none is a 404 path.
  if (needed === undefined) throw new Error(`no permission listed for ${request.method} ${request.routeOptions.url}`);
  if (needed === ownAccount) return;
  if (!needed.some((permission) => roleMay(admin.role, permission))) throw forbidden(permissionRefusal(admin.role, needed));
}
