import type { CDPSession, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WatchedPage } from './support/browser';
import { useConsole } from './support/fixture';
import { signIn } from './support/session';

/**
 * A laptop screen with the menu open, on a slow machine: every list fits its essential columns
 * without sideways scrolling, and a row's detail opens on every click, whether on the row's own
 * link or anywhere else in the row. (A click on a half-visible cell used to be lost: the grid
 * scrolled the cell into view between mouse down and mouse up.)
 */
const viewport = { width: 1280, height: 720 };
const CPU_SLOWDOWN = 4;
const CLICKS = 20;

interface ListCase {
  path: string;
  /** The row's own detail link. */
  link: RegExp;
  /** The detail page's address and heading. */
  detail: RegExp;
  heading: string;
}

const lists: ListCase[] = [
  { path: '/user-list', link: /^View /, detail: /\/user-list\/\d+$/, heading: 'View User Detail' },
  { path: '/transaction-list', link: /^View transaction \d+$/, detail: /\/transaction-list\/\d+$/, heading: 'View Transaction Detail' },
  // A purchase's detail is its buyer.
  { path: '/purchased-list', link: /^User \d+: /, detail: /\/user-list\/\d+$/, heading: 'View User Detail' },
  { path: '/redemption-list', link: /^Review redemption \d+$/, detail: /\/redeem\?id=\d+$/, heading: 'Redemption Review' },
  { path: '/ratings', link: /^Review redemption \d+$/, detail: /\/redeem\?id=\d+$/, heading: 'Redemption Review' },
  { path: '/admin-list', link: /^View /, detail: /\/admin-list\/\d+$/, heading: 'View Admin Detail' },
];

// Only reads: the run's shared demo-data server.
const e2e = useConsole({ data: 'demo', server: 'shared' });
let watched: WatchedPage;
let page: Page;
let cpu: CDPSession;

beforeAll(async () => {
  watched = await e2e.openPage(viewport);
  page = watched.page;
  await signIn(page);
  cpu = await page.context().newCDPSession(page);
  await cpu.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
});

afterAll(async () => {
  await cpu?.send('Emulation.setCPUThrottlingRate', { rate: 1 }).catch(() => undefined);
});

const grid = () => page.getByRole('grid').first();
const rows = () => grid().locator('[role="row"][data-id]');

/** The list at `path` with its rows shown. */
async function openList(path: string): Promise<void> {
  if (!page.url().endsWith(path)) await page.goto(path);
  await rows().first().waitFor({ timeout: 30_000 });
}

/** A cell of the row that is plain text (no link or button of its own): a click there is the row's. */
async function plainCell(row: Locator): Promise<Locator> {
  const cells = row.locator('[role="gridcell"]');
  const count = await cells.count();
  for (let index = 0; index < count; index++) {
    const cell = cells.nth(index);
    if ((await cell.locator('a, button').count()) === 0 && ((await cell.textContent()) ?? '').trim() !== '') return cell;
  }
  throw new Error('the row has no plain cell to click');
}

describe(`Lists at ${viewport.width} × ${viewport.height} with the menu open, CPU ${CPU_SLOWDOWN}× slower`, () => {
  it.each(lists)('$path fits its columns and opens a detail on every one of 20 clicks', { timeout: 300_000 }, async (list) => {
    await openList(list.path);
    expect(await page.getByRole('navigation', { name: 'Main menu' }).first().isVisible()).toBe(true);
    // The columns shown fit the grid: nothing to scroll sideways, no half-visible cell.
    const widths = await grid().evaluate((element) => ({
      grid: element.clientWidth,
      columns: [...element.querySelectorAll('[role="columnheader"]')].reduce(
        (sum, header) => sum + header.getBoundingClientRect().width,
        0,
      ),
    }));
    expect(widths.columns).toBeLessThanOrEqual(widths.grid + 1);

    const shown = await rows().count();
    let opened = 0;
    for (let click = 0; click < CLICKS; click++) {
      await openList(list.path);
      const row = rows().nth(click % shown);
      // Every other click on the row's own link, the others on a plain cell of the row.
      const target = click % 2 === 0 ? row.getByRole('link', { name: list.link }).first() : await plainCell(row);
      await target.click();
      // The address proves the click was not lost; the first time, the detail page is seen through.
      await page.waitForURL(list.detail, { timeout: 15_000 });
      if (click === 0) await page.getByRole('heading', { level: 1, name: list.heading }).waitFor();
      opened++;
      await page.goBack();
      await page.waitForURL(`**${list.path}`);
    }
    expect(opened).toBe(CLICKS);
    expect(watched.pageErrors).toEqual([]);
  });
});
