import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { WatchedPage } from './support/browser';
import { useConsole } from './support/fixture';
import { clippedCellControls, cutColumnHeaders, cutStatusChips, openInConsole } from './support/page-checks';
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
// A step's bound while the page runs 4x slower on a busy machine: a stuck page, not a speed check
// (a lost click still fails: its detail's address never comes).
const stepTimeout = 60_000;

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
/** The lists whose rows have no detail page: they fit all the same. */
const listsWithoutDetail = ['/price-history', '/audit-log', '/reserves'];

// Only reads: the run's shared demo-data server.
const e2e = useConsole({ data: 'demo', server: 'shared' });
let watched: WatchedPage;
let page: Page;

beforeAll(async () => {
  watched = await e2e.openPage(viewport);
  watched.context.setDefaultTimeout(stepTimeout);
  page = watched.page;
  // The review links are the counter's: a Supervisor sees them.
  await signIn(page, 'supervisor');
  const cpu = await watched.context.newCDPSession(page);
  await cpu.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
});

// By its role attribute, not getByRole: every look-up of the row runs in the page, on the slowed CPU,
// and a role query computes the role of every element of the page each time.
const grid = (page: Page) => page.locator('[role="grid"]').first();
const rows = (page: Page) => grid(page).locator('[role="row"][data-id]');

/**
 * The list at `path` with its rows shown (none for an empty list). Reached inside the console, as
 * its menu goes: a new document would load and compile the whole console again on the slowed CPU.
 */
async function openList(page: Page, path: string, withRows = true): Promise<void> {
  if (!page.url().endsWith(path)) await openInConsole(page, path);
  if (withRows) await rows(page).first().waitFor();
  else await grid(page).waitFor();
}

/** The menu is open, and the columns shown fit the grid: nothing to scroll sideways, no half-visible cell or header. */
async function expectFit(page: Page) {
  expect(await page.getByRole('navigation', { name: 'Main menu' }).first().isVisible()).toBe(true);
  const widths = await grid(page).evaluate((element) => {
    // The table scrolls sideways inside its box when its columns do not fit.
    const scroller = element.parentElement;
    if (!scroller) throw new Error('the table has no box');
    return {
      scroll: scroller.scrollWidth,
      client: scroller.clientWidth,
      grid: scroller.clientWidth,
      columns: [...element.querySelectorAll('[role="columnheader"]')].reduce(
        (sum, header) => sum + header.getBoundingClientRect().width,
        0,
      ),
    };
  });
  expect(widths.scroll).toBeLessThanOrEqual(widths.client);
  expect(widths.columns).toBeLessThanOrEqual(widths.grid + 1);
  // Every header shows its whole title and, on the sorted column, its arrow; every status its whole
  // label; every button and link of a row is wholly in view.
  expect(await cutColumnHeaders(page)).toEqual([]);
  expect(await cutStatusChips(page)).toEqual([]);
  expect(await clippedCellControls(page)).toEqual([]);
}

/** The index of a cell of the row that is plain text (no link or button of its own): a click there is the row's. */
async function plainCellIndex(page: Page): Promise<number> {
  const index = await rows(page)
    .first()
    .evaluate((row) =>
      [...row.querySelectorAll('[role="gridcell"]')].findIndex(
        (cell) => cell.querySelector('a, button') === null && (cell.textContent ?? '').trim() !== '',
      ),
    );
  if (index < 0) throw new Error('the row has no plain cell to click');
  return index;
}

describe(`Lists at ${viewport.width} × ${viewport.height} with the menu open, CPU ${CPU_SLOWDOWN}× slower`, () => {
  it.each(lists)('$path fits its columns and opens a detail on every one of 20 clicks', { timeout: 600_000 }, async (list) => {
    await openList(page, list.path);
    await expectFit(page);
    const shown = await rows(page).count();
    const plainCell = await plainCellIndex(page);

    let opened = 0;
    for (let click = 0; click < CLICKS; click++) {
      await openList(page, list.path);
      const row = rows(page).nth(click % shown);
      // Two clicks on a row's own link, then two on a plain cell of the row, on the next rows each: back
      // from a detail the pointer rests on the last row clicked, and its tooltip (below it) must not take
      // the click meant for the next row's link.
      const onLink = click % 4 < 2;
      const target = onLink ? row.getByRole('link', { name: list.link }).first() : row.locator('[role="gridcell"]').nth(plainCell);
      await target.click();
      // The address proves the click was not lost; the first time, the detail page is seen through.
      await page.waitForURL(list.detail);
      if (click === 0) await page.getByRole('heading', { level: 1, name: list.heading }).waitFor();
      opened++;
      await page.goBack();
      await page.waitForURL(`**${list.path}`);
    }
    expect(opened).toBe(CLICKS);
  });

  // Three lists opened on the slowed CPU beside other browser tests: the step bound for each.
  it('fits the columns of the lists without a detail', { timeout: (listsWithoutDetail.length + 1) * stepTimeout }, async () => {
    // The Audit Log is an Auditor's (or an Administrator's), not the Supervisor's: a browser of its own.
    const auditor = await e2e.openPage(viewport);
    auditor.context.setDefaultTimeout(stepTimeout);
    await signIn(auditor.page, 'auditor');
    const cpu = await auditor.context.newCDPSession(auditor.page);
    await cpu.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    for (const path of listsWithoutDetail) {
      await openList(auditor.page, path, false);
      await expectFit(auditor.page);
    }
    expect(auditor.pageErrors).toEqual([]);
  });

  it('asked nothing of another origin and threw no error', () => {
    expect(watched.foreignRequests).toEqual([]);
    expect(watched.pageErrors).toEqual([]);
  });
});
