import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { appRouteList, menuGroups } from '../src/config/routes';
import { useConsole } from './support/fixture';
import { e2eAdmin } from './support/server';
import { fillSignIn, signIn } from './support/session';

/**
 * The side menu on a small laptop screen (1280 x 720): every item of the route table's menu rows
 * lies inside the menu, all groups open, without scrolling it; a folded group stays folded for
 * the admin who folded it, not for another admin signing in on the same browser.
 */

// Adds a second admin: a server of its own.
const e2e = useConsole({ data: 'empty', server: 'own' });
const viewport = { width: 1280, height: 720 };
const otherAdmin = { fullname: 'Sri Wahyuni', email: 'sri.menu.e2e@example.com', password: 'Kopi tubruk pagi hari 2026!' };

let page: Page;
let productSymbol = '';

/** The menu's items as the route table lists them, `{{product}}` filled in, by group in the spec's order. */
const menuItems = () =>
  menuGroups.flatMap((group) =>
    appRouteList.flatMap(({ menu }) => (menu?.group === group ? [menu.label.replace('{{product}}', productSymbol)] : [])),
  );
const itemsOf = (group: string) =>
  appRouteList.flatMap(({ menu }) => (menu?.group === group ? [menu.label.replace('{{product}}', productSymbol)] : []));

const mainMenu = () => page.getByRole('navigation', { name: 'Main menu' });
const groupToggle = (group: string) => mainMenu().getByRole('button', { name: group, exact: true });

interface MenuLayout {
  drawer: { top: number; bottom: number; left: number; right: number };
  scrollHeight: number;
  clientHeight: number;
  scrollTop: number;
  items: Array<{ label: string; top: number; bottom: number; left: number; right: number; onTop: boolean }>;
}

/**
 * Where the drawer (the menu's scroll box) and each visible item are on screen, and whether the item
 * is what the browser finds at its centre (not under the top bar, not clipped).
 */
async function menuLayout(nav: Locator): Promise<MenuLayout> {
  return nav.evaluate((element) => {
    const drawer = element.parentElement!;
    const box = drawer.getBoundingClientRect();
    const visibleTop = Math.max(box.top, 0);
    const visibleBottom = Math.min(box.bottom, window.innerHeight);
    const links = [...element.querySelectorAll('a')].filter((link) => link.checkVisibility({ visibilityProperty: true }));
    return {
      drawer: { top: visibleTop, bottom: visibleBottom, left: box.left, right: box.right },
      scrollHeight: drawer.scrollHeight,
      clientHeight: drawer.clientHeight,
      scrollTop: drawer.scrollTop,
      items: links.map((link) => {
        const rect = link.getBoundingClientRect();
        const hit = document.elementFromPoint(rect.left + rect.width / 2, rect.top + rect.height / 2);
        return {
          label: link.textContent ?? '',
          top: rect.top,
          bottom: rect.bottom,
          left: rect.left,
          right: rect.right,
          onTop: hit !== null && link.contains(hit),
        };
      }),
    };
  });
}

/** Every item named lies inside the drawer's visible box, with nothing to scroll. */
function expectAllInside(layout: MenuLayout, labels: readonly string[]) {
  expect(layout.items.map((item) => item.label)).toEqual(labels);
  for (const item of layout.items) {
    expect(item.top, `${item.label} starts inside the menu`).toBeGreaterThanOrEqual(layout.drawer.top);
    expect(item.bottom, `${item.label} ends inside the menu`).toBeLessThanOrEqual(layout.drawer.bottom);
    expect(item.left, `${item.label} inside the menu's left edge`).toBeGreaterThanOrEqual(layout.drawer.left);
    expect(item.right, `${item.label} inside the menu's right edge`).toBeLessThanOrEqual(layout.drawer.right);
    expect(item.onTop, `${item.label} is not covered`).toBe(true);
  }
  expect(layout.scrollTop).toBe(0);
  expect(layout.scrollHeight, 'the menu has nothing to scroll').toBeLessThanOrEqual(layout.clientHeight);
}

/** Waits for a group's fold to settle (its items shown or hidden). */
async function expectGroupShown(group: string, shown: boolean) {
  for (const label of itemsOf(group)) {
    await mainMenu()
      .getByRole('link', { name: label, exact: true })
      .waitFor({ state: shown ? 'visible' : 'hidden' });
  }
}

beforeAll(async () => {
  page = (await e2e.openPage(viewport)).page;
  await signIn(page);
  const config = await page.context().request.get(`${e2e.baseUrl}/api/app-config`);
  productSymbol = ((await config.json()) as { productSymbol: string }).productSymbol;
});

describe('the side menu at 1280 x 720', () => {
  it('shows every menu item of the route table inside the menu, every group open, with nothing to scroll', async () => {
    for (const path of ['/dashboard', '/reserves']) {
      await page.goto(path);
      await mainMenu().locator('[aria-current="page"]').waitFor();
      // The current page's group has no fold button (always open); the others start open.
      for (const group of menuGroups) {
        const holdsCurrentPage = (await mainMenu().getByRole('list', { name: group }).locator('[aria-current="page"]').count()) > 0;
        if (holdsCurrentPage) expect(await groupToggle(group).count(), group).toBe(0);
        else expect(await groupToggle(group).getAttribute('aria-expanded'), group).toBe('true');
      }
      expectAllInside(await menuLayout(mainMenu()), menuItems());
    }
    await page.goto('/dashboard');
    await mainMenu().locator('[aria-current="page"]').waitFor();
    await page.screenshot({ path: '/tmp/menu-1280x720.png' });
  });

  it('folds a group, hiding its items, and keeps it folded after a reload', async () => {
    await page.goto('/dashboard');
    await groupToggle('Others').click();
    expect(await groupToggle('Others').getAttribute('aria-expanded')).toBe('false');
    await expectGroupShown('Others', false);
    expectAllInside(await menuLayout(mainMenu()), [...itemsOf('Transactions'), ...itemsOf('Account')]);

    await page.reload();
    await mainMenu().locator('[aria-current="page"]').waitFor();
    expect(await groupToggle('Others').getAttribute('aria-expanded')).toBe('false');
    await expectGroupShown('Others', false);
    await expectGroupShown('Account', true);
  });

  it('keeps the folded group open on a page of its own, folded again once left', async () => {
    await page.goto('/reserves');
    await mainMenu().getByRole('link', { name: 'Reserves', exact: true }).waitFor();
    expect(await groupToggle('Others').count()).toBe(0);
    await expectGroupShown('Others', true);
    await mainMenu().getByRole('link', { name: 'Dashboard', exact: true }).click();
    await page.waitForURL('**/dashboard');
    await expectGroupShown('Others', false);
  });

  it('remembers the folds per admin: another admin on the same browser sees its own', async () => {
    // Adding an admin asks for the signed-in admin's password again (it has no second factor here).
    const added = await page.context().request.post(`${e2e.baseUrl}/api/admin/add`, {
      data: { ...otherAdmin, reauth: { password: e2eAdmin.password } },
    });
    expect(added.status(), await added.text()).toBe(201);

    await page.getByRole('button', { name: 'logout' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await fillSignIn(page, otherAdmin.email, otherAdmin.password);
    await page.waitForURL('**/dashboard');
    expect(await groupToggle('Others').getAttribute('aria-expanded')).toBe('true');
    await expectGroupShown('Others', true);

    await page.getByRole('button', { name: 'logout' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await fillSignIn(page, e2eAdmin.email, e2eAdmin.password);
    await page.waitForURL('**/dashboard');
    expect(await groupToggle('Others').getAttribute('aria-expanded')).toBe('false');
    await expectGroupShown('Others', false);
  });

  // Others is still folded for this admin (above).
  it('shows every item in the collapsed icon rail, folded groups too, with nothing to scroll', async () => {
    await page.goto('/dashboard');
    const toggle = page.getByRole('button', { name: 'toggle menu' });
    await toggle.click();
    const drawerWidth = async () => Math.round((await mainMenu().locator('xpath=..').boundingBox())!.width);
    await expect.poll(drawerWidth).toBe(72);
    expect(await mainMenu().getByRole('button').count()).toBe(0);
    await expectGroupShown('Others', true);
    expectAllInside(await menuLayout(mainMenu()), menuItems());
    await toggle.click();
    await expect.poll(drawerWidth).toBe(300);
    await expectGroupShown('Others', false);
  });

  it('on a narrow screen opens the whole menu over the page, with the same folds', async () => {
    await page.setViewportSize({ width: 600, height: 720 });
    try {
      await page.goto('/dashboard');
      await page.getByRole('button', { name: 'toggle menu' }).click();
      const overlay = page.locator('.MuiDrawer-modal').getByRole('navigation', { name: 'Main menu' });
      const toggle = overlay.getByRole('button', { name: 'Others', exact: true });
      expect(await toggle.getAttribute('aria-expanded')).toBe('false');
      await toggle.click();
      const reserves = overlay.getByRole('link', { name: 'Reserves', exact: true });
      await reserves.click();
      await page.waitForURL('**/reserves');
      await overlay.waitFor({ state: 'detached' });
      // Opened there, so it stays open for this admin.
      await page.getByRole('button', { name: 'toggle menu' }).click();
      await page.getByRole('link', { name: 'Dashboard', exact: true }).last().click();
      await page.waitForURL('**/dashboard');
      await page.getByRole('button', { name: 'toggle menu' }).click();
      expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    } finally {
      await page.setViewportSize(viewport);
    }
  });
});
