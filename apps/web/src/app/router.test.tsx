import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { confirmationListQuery, redemptionListQuery, vaultMovementListQuery, vaultPieceListQuery } from '@gold/contract';
import { errorBody, failWith, jsonResponse, stubFetch, type Handlers } from '@/testing/http';
import { countAnswer, listServer } from '@/testing/list-server';
import { renderApp, renderSignedIn, testAdmin } from '@/testing/render-app';
import { accountScreenHandlers } from '@/testing/account-screen-handlers';
import { adminScreenHandlers } from '@/testing/admin-screen-handlers';
import { transactionScreenHandlers } from '@/testing/transaction-screen-handlers';
import { customerScreenHandlers } from '@/testing/customer-screen-handlers';

const appConfig = () => jsonResponse(200, { productSymbol: 'XAUT', chainId: 137 });
/** The whole console at `url`, `testAdmin` signed in, the product named XAUT by the server. */
const signedInAt = (url: string, handlers?: Handlers) =>
  // The counter's review page needs the counter permission: a Supervisor opens it, the test admin (an Administrator) the rest.
  renderSignedIn(url, handlers, { productSymbol: 'XAUT', ...(url.startsWith('/redeem?') ? { as: { role: 'Supervisor' } } : {}) });
/** The calls of every screen, answering no rows (src/testing/*-screen-handlers.ts, one file per screen group). */
const emptyScreens: Handlers = {
  ...customerScreenHandlers,
  ...transactionScreenHandlers,
  ...adminScreenHandlers,
  ...accountScreenHandlers,
  // Redemptions, the vault, the limit, the dashboard's price: nothing recorded yet.
  'GET /admin/list/redeems': listServer(redemptionListQuery, []),
  'GET /admin/count/redeems': countAnswer(0),
  'GET /admin/total/gidrredeemed': () => jsonResponse(200, { total: '0' }),
  'GET /admin/redeem/3': failWith(404, 'Redemption 3 not found'),
  'GET /admin/denoms': () => jsonResponse(200, { data: [], total: 0 }),
  'GET /admin/redemption/limit/list': () => jsonResponse(200, { data: [] }),
  'GET /price': failWith(404, 'No price has been recorded yet'),
  'GET /admin/price/history': () => jsonResponse(200, { data: [] }),
  'GET /admin/list/prices': () => jsonResponse(200, { data: [], total: 0 }),
  // Proof of reserves with no chain read and no snapshot yet (what the API answers then), and a receipt for no redemption.
  'GET /admin/reserves': () =>
    jsonResponse(200, {
      status: 'unavailable',
      message: 'The chain is not being read (the node did not start or is not reachable): showing the last good reading',
      reading: null,
      readAt: null,
      ageSeconds: null,
      byLocation: [],
    }),
  'GET /admin/reserves/history': () => jsonResponse(200, { data: [], total: 0 }),
  'GET /admin/redeem/3/receipt': failWith(404, 'Redemption 3 not found'),
  // The vault ledger and four eyes: no piece, movement, location or confirmation yet.
  'GET /admin/vault/pieces': listServer(vaultPieceListQuery, []),
  'GET /admin/vault/movements': listServer(vaultMovementListQuery, []),
  'GET /admin/vault/locations': () => jsonResponse(200, { data: [], total: 0 }),
  'GET /admin/confirmations': listServer(confirmationListQuery, []),
};
const signedOut = () => jsonResponse(401, errorBody(401, 'Unauthorized', 'Sign in first'));

describe('route guard', () => {
  it('sends a signed-out visitor to sign-in with the page asked for as the way back', async () => {
    stubFetch({ 'GET /app-config': appConfig, 'GET /account/session': signedOut });
    const { router } = renderApp('/redeem?id=7');
    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/');
    expect(router.state.location.search).toBe('?redirect=%2Fredeem&param=id%3D7');
    expect(document.title).toBe('Back Office | Sign In');
  });

  it('says what went wrong when the server cannot tell who is signed in', async () => {
    stubFetch({
      'GET /app-config': appConfig,
      'GET /account/session': () => jsonResponse(503, errorBody(503, 'Service Unavailable', 'Database unavailable')),
    });
    renderApp('/dashboard');
    expect(await screen.findByRole('heading', { name: 'Unexpected Application Error!' })).toBeTruthy();
    expect(screen.getByText('Database unavailable')).toBeTruthy();
  });

  it('lets a signed-in admin in and shows who is signed in', async () => {
    signedInAt('/dashboard');
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeTruthy();
    expect(screen.getByText(testAdmin.fullName)).toBeTruthy();
  });
});

describe('signed-in layout', () => {
  it('shows the breadcrumb trail, the page title and the highlighted menu item', async () => {
    signedInAt('/admin-list/add');
    expect(await screen.findByRole('heading', { level: 1, name: 'Add Admin' })).toBeTruthy();

    const trail = screen.getByRole('navigation', { name: 'breadcrumb' });
    const parent = within(trail).getByRole('link', { name: 'Admin List' });
    expect(parent.getAttribute('href')).toBe('/admin-list');
    expect(within(trail).getByText('Add Admin').getAttribute('aria-current')).toBe('page');
    expect(screen.getByTestId('top-bar-title').textContent).toBe('Add Admin');
    expect(document.title).toBe('Back Office | Add Admin');

    const menu = screen.getAllByRole('navigation', { name: 'Main menu' })[0]!;
    expect(within(menu).getByRole('link', { name: 'Admin List' }).getAttribute('aria-current')).toBe('page');
    expect(within(menu).getByRole('link', { name: 'Dashboard' }).getAttribute('aria-current')).toBeNull();
  });

  it('names the product with the symbol the server gives', async () => {
    signedInAt('/purchased-list');
    expect(await screen.findByRole('heading', { level: 1, name: 'XAUT Purchased List' })).toBeTruthy();
    const menu = screen.getAllByRole('navigation', { name: 'Main menu' })[0]!;
    expect(within(menu).getByRole('link', { name: 'XAUT Purchased' }).getAttribute('href')).toBe('/purchased-list');
    expect(document.title).toBe('Back Office | XAUT Purchased List');
  });

  it('lists the three menu groups of the spec, in order', async () => {
    signedInAt('/dashboard');
    await screen.findByRole('heading', { level: 1, name: 'Dashboard' });
    const menu = screen.getAllByRole('navigation', { name: 'Main menu' })[0]!;
    const groups = within(menu).getAllByRole('list');
    expect(groups.map((group) => document.getElementById(group.getAttribute('aria-labelledby')!)?.textContent)).toEqual([
      'Transactions',
      'Account',
      'Others',
    ]);
    const links = within(menu)
      .getAllByRole('link')
      .map((link) => [link.textContent, link.getAttribute('href')]);
    expect(links).toEqual([
      ['Dashboard', '/dashboard'],
      ['User List', '/user-list'],
      ['Transaction History', '/transaction-list'],
      ['XAUT Purchased', '/purchased-list'],
      ['Redemption', '/redemption-list'],
      ['Ratings', '/ratings'],
      ['Profile', '/profile'],
      ['Admin List', '/admin-list'],
      ['Audit Log', '/audit-log'],
      ['Contact List', '/contact-list'],
      ['Denoms List', '/denoms-list'],
      ['Redemption Limit', '/redemption-limit'],
      ['Vault', '/vault'],
      ['Confirmations', '/confirmations'],
      ['Reserves', '/reserves'],
      ['Settlement', '/settlement'],
      ['Credentials', '/credentials'],
      ['Webhook Deliveries', '/webhook-deliveries'],
    ]);
  });

  const screens: Array<[url: string, title: string, trail: string[], menuItem: string]> = [
    ['/dashboard', 'Dashboard', ['Dashboard'], 'Dashboard'],
    ['/price-history', 'Price History', ['Dashboard', 'Price History'], 'Dashboard'],
    ['/user-list', 'User List', ['User List'], 'User List'],
    ['/user-list/5', 'View User Detail', ['User List', 'View User Detail'], 'User List'],
    ['/transaction-list', 'Transaction List', ['Transaction List'], 'Transaction History'],
    ['/transaction-list/9', 'View Transaction Detail', ['Transaction List', 'View Transaction Detail'], 'Transaction History'],
    ['/purchased-list', 'XAUT Purchased List', ['XAUT Purchased List'], 'XAUT Purchased'],
    ['/redemption-list', 'Redemption List', ['Redemption List'], 'Redemption'],
    ['/redemption-list/detail', 'View Redemption Detail', ['Redemption List', 'View Redemption Detail'], 'Redemption'],
    ['/redeem?id=3', 'Redemption Review', ['Redemption List', 'Redemption Review'], 'Redemption'],
    ['/ratings', 'Ratings', ['Ratings'], 'Ratings'],
    ['/profile', 'Profile', ['Profile'], 'Profile'],
    ['/admin-list', 'Admin List', ['Admin List'], 'Admin List'],
    ['/admin-list/add', 'Add Admin', ['Admin List', 'Add Admin'], 'Admin List'],
    ['/admin-list/2', 'View Admin Detail', ['Admin List', 'View Admin Detail'], 'Admin List'],
    ['/audit-log', 'Audit Log', ['Audit Log'], 'Audit Log'],
    ['/contact-list', 'Contact List', ['Contact List'], 'Contact List'],
    ['/denoms-list', 'Redemption Denomination', ['Redemption Denomination'], 'Denoms List'],
    ['/redemption-limit', 'Redemption Denomination Limit', ['Redemption Denomination Limit'], 'Redemption Limit'],
    ['/vault', 'Vault', ['Vault'], 'Vault'],
    ['/vault/movements', 'Vault Movements', ['Vault', 'Vault Movements'], 'Vault'],
    ['/vault/locations', 'Vault Locations', ['Vault', 'Vault Locations'], 'Vault'],
    ['/confirmations', 'Confirmations', ['Confirmations'], 'Confirmations'],
    ['/reserves', 'Reserves', ['Reserves'], 'Reserves'],
    ['/redemption-list/receipt?id=3', 'Hand-over Receipt', ['Redemption List', 'Hand-over Receipt'], 'Redemption'],
  ];

  it.each(screens)(
    '%s shows its title, its breadcrumbs and an empty state',
    async (url, title, trail, menuItem) => {
      signedInAt(url, emptyScreens);
      expect(await screen.findByRole('heading', { level: 1, name: title })).toBeTruthy();
      const crumbs = within(screen.getByRole('navigation', { name: 'breadcrumb' })).getAllByRole('listitem');
      expect(crumbs.map((crumb) => crumb.textContent)).toEqual(trail);
      // The dashboard shows two empty tables at once.
      const empty = await screen.findAllByText(
        /Nothing to show yet\.|No redemption selected\.|No users yet\.|No redemptions yet\.|Redemption 3 not found|User 5 not found|No admins yet\.|Admin 2 not found|can sign in at once\.|No contact data yet!|No entries yet\.|No denoms data yet!|No limit has been set yet\.|No transactions yet\.|Transaction 9 not found|No purchases yet\.|No prices yet\.|No snapshot of the reserves yet\.|Protect your account with a second step at sign-in|No pieces yet\.|No movements yet\.|No location yet|No confirmations yet\./,
      );
      expect(empty.length).toBeGreaterThan(0);
      const menu = screen.getAllByRole('navigation', { name: 'Main menu' })[0]!;
      const current = within(menu)
        .getAllByRole('link')
        .filter((link) => link.getAttribute('aria-current') === 'page');
      expect(current.map((link) => link.textContent)).toEqual([menuItem]);
      // A screen with a data grid takes seconds to render in jsdom on a busy machine.
    },
    20_000,
  );

  it('collapses and opens the menu with the toggle', async () => {
    signedInAt('/dashboard');
    await screen.findByRole('heading', { level: 1, name: 'Dashboard' });
    const toggle = screen.getByRole('button', { name: 'toggle menu' });
    const before = toggle.getAttribute('aria-expanded');
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe(before === 'true' ? 'false' : 'true');
  });

  it('logs out and goes to sign-in', async () => {
    const { router, calls } = signedInAt('/profile', {
      'POST /account/logout': () => new Response(null, { status: 204 }),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'logout' }));
    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/');
    const logoutAt = calls.findIndex((call) => call.method === 'POST' && call.url === '/api/account/logout');
    expect(logoutAt).toBeGreaterThan(-1);
    // Nothing asks the server about the ended session afterwards.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(calls.slice(logoutAt + 1).map((call) => `${call.method} ${call.url}`)).toEqual([]);
  });

  it('goes to sign-in even when logging out fails', async () => {
    const { router } = signedInAt('/profile', {
      'POST /account/logout': () => jsonResponse(500, errorBody(500, 'Internal Server Error', 'Database unavailable')),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'logout' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeTruthy();
  });
});

describe('not-found page', () => {
  it('needs no sign-in and leads back to the dashboard', async () => {
    const { calls } = stubFetch({ 'GET /app-config': appConfig });
    renderApp('/no/such/page');
    expect(await screen.findByText('Oops, Page Not Found')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to Home' }).getAttribute('href')).toBe('/dashboard');
    expect(calls.map((call) => call.url)).toEqual(['/api/app-config']);
  });
});
