import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderSignedIn } from '@/testing/render-app';

describe('a page the signed-in role may not open', () => {
  it('says so inside the frame, asks nothing of the page’s API, and the menu leaves it out', async () => {
    const { calls } = renderSignedIn('/audit-log', {}, { as: { role: 'Teller', locationId: 1 } });
    expect(await screen.findByText('Your role (Teller) may not open this page.')).toBeTruthy();
    expect(screen.getByText('Not allowed')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to Home' }).getAttribute('href')).toBe('/dashboard');
    const menu = screen.getAllByRole('navigation', { name: 'Main menu' })[0]!;
    expect(menu.textContent).not.toContain('Audit Log');
    expect(menu.textContent).toContain('Redemption');
    expect(calls.filter((call) => call.url.includes('/admin/audit'))).toEqual([]);
  });

  it('offers the redemption’s details (read-only) to a role that may not use the counter’s review', async () => {
    const { calls } = renderSignedIn('/redeem?id=7', {}, { as: { role: 'Auditor' } });
    expect(await screen.findByText('Your role (Auditor) may not open this page.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Details and history' }).getAttribute('href')).toBe('/redemption-list/detail?id=7');
    expect(calls.filter((call) => call.url.includes('/admin/redeem'))).toEqual([]);
  });
});
