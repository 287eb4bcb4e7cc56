import { describe, expect, it } from 'vitest';
import { safeRedirectTarget } from './safe-redirect';

describe('safeRedirectTarget', () => {
  it('goes to the dashboard when no redirect is given', () => {
    expect(safeRedirectTarget(null)).toBe('/dashboard');
    expect(safeRedirectTarget('')).toBe('/dashboard');
    expect(safeRedirectTarget(undefined, 'id=5')).toBe('/dashboard');
  });

  it('goes to the redirect path with param appended as its query string', () => {
    expect(safeRedirectTarget('/user-list/5')).toBe('/user-list/5');
    expect(safeRedirectTarget('/redeem', 'id=42')).toBe('/redeem?id=42');
    expect(safeRedirectTarget('/redeem', '?id=42')).toBe('/redeem?id=42');
    expect(safeRedirectTarget('/user-list', 'search=siti&page=2')).toBe('/user-list?search=siti&page=2');
  });

  it('refuses anything that leaves the site', () => {
    for (const target of [
      'https://evil.example',
      '//evil.example',
      '/\\evil.example',
      '\\\\evil.example',
      'javascript:alert(1)',
      'dashboard',
      '/\t/evil.example',
    ]) {
      expect(safeRedirectTarget(target), target).toBe('/dashboard');
    }
  });

  it('does not send a signed-in admin back to the sign-in page', () => {
    expect(safeRedirectTarget('/')).toBe('/dashboard');
  });
});
