import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { permissionRefusal, requireListedRoute, routeKey } from './route-permissions';

describe('the admin scope and the permission table', () => {
  it('refuses to build an app with an admin route the table does not name', async () => {
    const app = Fastify();
    await app.register(
      async (scope) => {
        scope.addHook('onRoute', requireListedRoute);
        scope.get('/account/session', async () => ({}));
        expect(() => scope.post('/admin/unlisted', async () => ({}))).toThrow(
          /POST \/api\/admin\/unlisted is in the admin scope but not in routePermissions/,
        );
      },
      { prefix: '/api' },
    );
    await app.close();
  });

  it('reads HEAD as its GET, and names the role and what it may not do', () => {
    expect(routeKey('HEAD', '/api/admin/audit')).toBe('GET /api/admin/audit');
    expect(permissionRefusal('Teller', ['stock'])).toBe("Your role (Teller) may not move stock: it needs the 'stock' permission");
    expect(permissionRefusal('Auditor', ['stock', 'counter'])).toMatch(/^Your role \(Auditor\) may not move stock or work the counter/);
  });
});
