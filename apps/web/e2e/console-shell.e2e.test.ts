import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { WatchedPage } from './support/browser';
import { useConsole } from './support/fixture';
import { e2eAdmin, e2eAdmins } from './support/server';

/**
 * The console shell as an operator meets it: the built console served by the real API
 * process on a fresh database, in headless Chromium. Texts are the spec's (section 2).
 */

// Fails a sign-in (counted against the address) and signs out: a server of its own.
const e2e = useConsole({ data: 'empty', server: 'own' });
const opened: WatchedPage[] = [];

async function newPage(): Promise<WatchedPage> {
  const watched = await e2e.openPage();
  opened.push(watched);
  return watched;
}

async function fillSignIn(page: Page, email: string, password: string) {
  await page.getByLabel('Email Address').fill(email);
  await page.getByLabel(/^Password/).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

const pathOf = (page: Page) => {
  const url = new URL(page.url());
  return url.pathname + url.search;
};

const topBarTitle = (page: Page) => page.getByTestId('top-bar-title');

/** Asks the API itself, with the page's cookies, whether this browser is signed in. */
async function sessionStatus(watched: WatchedPage): Promise<number> {
  const response = await watched.context.request.get(`${e2e.baseUrl}/api/account/session`);
  return response.status();
}

describe('signing in', () => {
  /** A page that stays signed out (a wrong password, the password shown). */
  let signedOut: WatchedPage;
  beforeAll(async () => {
    signedOut = await newPage();
  });

  it('shows the sign-in page and takes the configured admin to the dashboard', async () => {
    const watched = await newPage();
    const { page } = watched;
    await page.goto('/');
    await page.getByRole('heading', { name: 'Sign In' }).waitFor();
    expect(await page.title()).toBe('Back Office | Sign In');
    await page.screenshot({ path: '/tmp/e2e-sign-in.png' });

    await fillSignIn(page, e2eAdmin.email, e2eAdmin.password);
    await page.waitForURL('**/dashboard');
    await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
    expect(await topBarTitle(page).textContent()).toBe('Dashboard');
    expect(await page.title()).toBe('Back Office | Dashboard');
    expect(await sessionStatus(watched)).toBe(200);
    await page.screenshot({ path: '/tmp/e2e-dashboard.png' });
  });

  it('opens the Credentials Error dialog on a wrong password and stays signed out', async () => {
    const watched = signedOut;
    const { page } = watched;
    await page.goto('/');
    await fillSignIn(page, e2eAdmin.email, 'not the vault password at all');
    const dialog = page.getByRole('dialog', { name: 'Credentials Error' });
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain('Invalid email or password');
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(pathOf(page)).toBe('/');
    expect(await sessionStatus(watched)).toBe(401);
  });

  it('shows and hides the password', async () => {
    const { page } = signedOut;
    await page.goto('/');
    const password = page.getByLabel(/^Password/);
    await password.fill('secret phrase');
    expect(await password.getAttribute('type')).toBe('password');
    await page.getByRole('button', { name: 'show password' }).click();
    expect(await password.getAttribute('type')).toBe('text');
    await page.getByRole('button', { name: 'hide password' }).click();
    expect(await password.getAttribute('type')).toBe('password');
  });

  it('sends a signed-out visitor to sign-in with the way back, and returns there with its query after signing in', async () => {
    const { page } = await newPage();
    await page.goto('/redeem?id=5');
    await page.waitForURL((url) => url.pathname === '/');
    const signInUrl = new URL(page.url());
    expect(signInUrl.searchParams.get('redirect')).toBe('/redeem');
    expect(signInUrl.searchParams.get('param')).toBe('id=5');

    // The counter's page: a Supervisor's (an Administrator would be told it is not theirs).
    await fillSignIn(page, e2eAdmins.supervisor.email, e2eAdmins.supervisor.password);
    await page.waitForURL('**/redeem?id=5');
    await topBarTitle(page).filter({ hasText: 'Redemption Review' }).waitFor();
    expect(pathOf(page)).toBe('/redeem?id=5');
  });
});

describe('signed in', () => {
  /** One signed-in page for the tests of this part; the last one signs it out. */
  let signedIn: WatchedPage;
  beforeAll(async () => {
    signedIn = await newPage();
    await signedIn.page.goto('/');
    await fillSignIn(signedIn.page, e2eAdmin.email, e2eAdmin.password);
    await signedIn.page.waitForURL('**/dashboard');
  });

  // The spec's menu (section 2), each item with the page title it opens, then the items added since
  // (Audit Log; Redemption Limit; Vault and Confirmations; Reserves; Settlement; the platform's Credentials and
  // Webhook Deliveries), as the e2e Administrator sees it (every page but the counter's is open to them).
  const menu = [
    { item: 'Dashboard', path: '/dashboard', title: 'Dashboard' },
    { item: 'User List', path: '/user-list', title: 'User List' },
    { item: 'Transaction History', path: '/transaction-list', title: 'Transaction List' },
    { item: 'GIDR Purchased', path: '/purchased-list', title: 'GIDR Purchased List' },
    { item: 'Redemption', path: '/redemption-list', title: 'Redemption List' },
    { item: 'Ratings', path: '/ratings', title: 'Ratings' },
    { item: 'Profile', path: '/profile', title: 'Profile' },
    { item: 'Admin List', path: '/admin-list', title: 'Admin List' },
    { item: 'Audit Log', path: '/audit-log', title: 'Audit Log' },
    { item: 'Contact List', path: '/contact-list', title: 'Contact List' },
    { item: 'Denoms List', path: '/denoms-list', title: 'Redemption Denomination' },
    { item: 'Redemption Limit', path: '/redemption-limit', title: 'Redemption Denomination Limit' },
    { item: 'Vault', path: '/vault', title: 'Vault' },
    { item: 'Confirmations', path: '/confirmations', title: 'Confirmations' },
    { item: 'Reserves', path: '/reserves', title: 'Reserves' },
    { item: 'Settlement', path: '/settlement', title: 'Settlement' },
    { item: 'Credentials', path: '/credentials', title: 'Credentials' },
    { item: 'Webhook Deliveries', path: '/webhook-deliveries', title: 'Webhook Deliveries' },
  ];

  it('opens every menu item on its page, with its title and the item highlighted', async () => {
    const { page } = signedIn;
    await page.goto('/dashboard');
    const nav = page.getByRole('navigation', { name: 'Main menu' });
    await nav.getByRole('link', { name: 'Dashboard' }).waitFor();
    // Confirmations reads out how many wait ('1 pending'), beside its label.
    const labels = (await nav.getByRole('link').allTextContents()).map((text) => text.replace(/\s*\d+ pending$/, ''));
    expect(labels).toEqual(menu.map((m) => m.item));
    for (const { item, path, title } of menu) {
      await nav.getByRole('link', { name: new RegExp(`^${item}(\\s*\\d+ pending)?$`) }).click();
      await page.waitForURL(`**${path}`);
      await topBarTitle(page)
        .filter({ hasText: new RegExp(`^${title}$`) })
        .waitFor();
      await page.getByRole('heading', { name: title, level: 1 }).waitFor();
      expect(await page.title()).toBe(`Back Office | ${title}`);
      // Exactly one highlighted item: this one.
      const current = nav.locator('[aria-current="page"]');
      expect(await current.count()).toBe(1);
      expect((await current.textContent())?.replace(/\s*\d+ pending$/, '')).toBe(item);
    }
  });

  it('collapses the drawer to a narrow rail and opens it again at 300 px', async () => {
    const { page } = signedIn;
    await page.goto('/dashboard');
    const drawer = page.locator('#main-menu .MuiDrawer-paper');
    const width = async () => Math.round((await drawer.boundingBox())!.width);
    const toggle = page.getByRole('button', { name: 'toggle menu' });
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    expect(await width()).toBe(300);

    await toggle.click();
    await expect.poll(width, { timeout: 5000 }).toBeLessThan(100);
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');

    await toggle.click();
    await expect.poll(width, { timeout: 5000 }).toBe(300);
  });

  it('shows the not-found page for an unknown route, whose Back to Home goes to the dashboard', async () => {
    const { page } = signedIn;
    await page.goto('/no-such-page');
    await page.getByRole('heading', { name: 'Oops, Page Not Found' }).waitFor();
    await page.getByRole('link', { name: 'Back to Home' }).click();
    await page.waitForURL('**/dashboard');
    await topBarTitle(page).filter({ hasText: 'Dashboard' }).waitFor();
  });

  it('renders in the self-hosted Manrope font', async () => {
    const { page } = signedIn;
    await page.goto('/dashboard');
    // The page's text laid out first: until then no font is asked for, and fonts.ready has nothing to wait for.
    await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
    const fontReady = await page.evaluate(async () => {
      await document.fonts.ready;
      return document.fonts.check('16px Manrope');
    });
    expect(fontReady).toBe(true);
    const family = await page.getByTestId('top-bar-title').evaluate((el) => getComputedStyle(el).fontFamily);
    expect(family).toMatch(/^"?Manrope/);
  });

  // Last: it ends the session the others use.
  it('logs out: the server forgets the session and admin pages send back to sign-in', async () => {
    const watched = signedIn;
    const { page } = watched;
    await page.goto('/dashboard');
    expect(await sessionStatus(watched)).toBe(200);
    await page.getByRole('button', { name: 'logout' }).click();
    await page.getByRole('heading', { name: 'Sign In' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
    expect(await sessionStatus(watched)).toBe(401);

    await page.goto('/user-list');
    await page.waitForURL((url) => url.pathname === '/' && url.searchParams.get('redirect') === '/user-list');
    await page.getByRole('heading', { name: 'Sign In' }).waitFor();
  });
});

describe('every page this file opened', () => {
  it('loaded nothing from another host and threw no uncaught error', () => {
    expect(opened).toHaveLength(4);
    expect(opened.flatMap((w) => w.foreignRequests)).toEqual([]);
    expect(opened.flatMap((w) => w.pageErrors)).toEqual([]);
  });
});
