import { describe, expect, it } from 'vitest';
import { activeHrefIn, isNavItemActive, isUnder } from './navigation';

describe('isNavItemActive', () => {
  const customerList = { href: '/user-list' };
  const redemption = { href: '/redemption-list', alsoActiveOn: ['/redeem'] };

  it('is active on its page and the pages under it', () => {
    expect(isNavItemActive(customerList, '/user-list')).toBe(true);
    expect(isNavItemActive(customerList, '/user-list/')).toBe(true);
    expect(isNavItemActive(customerList, '/user-list/5')).toBe(true);
  });

  it('is not active on a page whose path merely starts with the same letters', () => {
    expect(isNavItemActive(customerList, '/user-listing')).toBe(false);
    expect(isNavItemActive({ href: '/redemption-list' }, '/redemption-limit')).toBe(false);
  });

  it('is active on the pages it claims', () => {
    expect(isNavItemActive(redemption, '/redeem')).toBe(true);
    expect(isNavItemActive(redemption, '/redemption-list/detail')).toBe(true);
    expect(isNavItemActive(redemption, '/dashboard')).toBe(false);
  });
});

describe('the Audit Log item', () => {
  const auditLog = { href: '/audit-log' };

  it('is active on the Audit Log only, not on the Admin List beside it', () => {
    expect(isNavItemActive(auditLog, '/audit-log')).toBe(true);
    expect(isNavItemActive(auditLog, '/audit-log/')).toBe(true);
    expect(isNavItemActive(auditLog, '/admin-list')).toBe(false);
    expect(isNavItemActive({ href: '/admin-list' }, '/audit-log')).toBe(false);
  });
});

describe('isUnder', () => {
  it('takes the prefix itself and the paths below it, not a longer name', () => {
    expect(isUnder('/redemption-list', '/redemption-list')).toBe(true);
    expect(isUnder('/redemption-list/detail', '/redemption-list')).toBe(true);
    expect(isUnder('/redemption-limit', '/redemption')).toBe(false);
    expect(isUnder('/redeem', '/redemption-list')).toBe(false);
  });
});

describe('activeHrefIn', () => {
  const others = {
    key: 'Others',
    label: 'Others',
    items: [
      { label: 'Denoms List', href: '/denoms-list', icon: null, alsoActiveOn: ['/redemption-limit'] },
      { label: 'Reserves', href: '/reserves', icon: null },
    ],
  };

  it("names the group's item active on the page, or none", () => {
    expect(activeHrefIn(others, '/reserves')).toBe('/reserves');
    expect(activeHrefIn(others, '/redemption-limit')).toBe('/denoms-list');
    expect(activeHrefIn(others, '/dashboard')).toBeUndefined();
  });
});
