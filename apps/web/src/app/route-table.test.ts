import { describe, expect, it } from 'vitest';
import { buildNavGroups } from './navigation';
import { paths } from '@/config/paths';
import { roleMay, type AdminRole } from '@gold/contract';
import { ancestorsOf, appRouteList, menuItemOf, permissionOf } from '@/config/routes';
import { i18n } from '@/lib/i18n';

describe('the route table', () => {
  it('builds each link from the row: the path itself, an id in the path or in the query', () => {
    expect(paths.app.dashboard.getHref()).toBe('/dashboard');
    expect(paths.app.customer.getHref(5)).toBe('/user-list/5');
    expect(paths.app.admin.getHref('a/b')).toBe('/admin-list/a%2Fb');
    expect(paths.app.redemptionDetail.getHref(7)).toBe('/redemption-list/detail?id=7');
    expect(paths.app.redemptionReview.getHref(7)).toBe('/redeem?id=7');
  });

  it('gives every page a menu item to highlight, and a breadcrumb parent without parameters', () => {
    for (const { key } of appRouteList) {
      expect(menuItemOf(key), key).toBeDefined();
      for (const parent of ancestorsOf(key)) expect(paths.app[parent].path, `${key} under ${parent}`).not.toContain(':');
    }
  });

  it('highlights a menu item on the pages outside its path that belong to it', () => {
    const items = buildNavGroups('GIDR', i18n.t, () => true).flatMap((group) => group.items);
    const claims = Object.fromEntries(items.filter((item) => item.alsoActiveOn).map((item) => [item.label, item.alsoActiveOn]));
    expect(claims).toEqual({ Dashboard: ['/price-history'], Redemption: ['/redeem'] });
  });

  it('lists in the menu only the pages the signed-in role may open (the contract’s permission table)', () => {
    const labelsFor = (role: AdminRole) =>
      buildNavGroups('GIDR', i18n.t, (permission) => roleMay(role, permission)).flatMap((group) => group.items.map((item) => item.label));
    expect(labelsFor('Teller')).toEqual(expect.arrayContaining(['Dashboard', 'Redemption', 'Denoms List']));
    for (const hidden of ['Audit Log', 'Credentials', 'Webhook Deliveries']) expect(labelsFor('Teller')).not.toContain(hidden);
    expect(labelsFor('Auditor')).toContain('Audit Log');
    expect(labelsFor('Auditor')).not.toContain('Credentials');
    expect(labelsFor('Administrator')).toEqual(expect.arrayContaining(['Audit Log', 'Credentials', 'Webhook Deliveries']));
    expect(permissionOf('redemptionReview')).toBe('counter');
    expect(permissionOf('addAdmin')).toBe('admins');
  });
});
