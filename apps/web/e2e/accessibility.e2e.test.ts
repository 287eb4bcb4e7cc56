import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WatchedPage } from './support/browser';
import { appRouteKeys, consoleRoute, fetchSampleIds, type SampleIds } from './support/console-routes';
import {
  assertRouteRendered,
  checkKeyboardReach,
  formatViolations,
  openInConsole,
  runAxe,
  waitForSettledPage,
} from './support/page-checks';
import { useConsole } from './support/fixture';
import { signIn } from './support/session';

/**
 * Accessibility of every page: each route of the console's route table (src/config/paths.ts, so a
 * new route is checked the day it is added), signed in, on the demo data; plus the sign-in and
 * not-found pages signed out. On each: no serious or critical axe-core violation, and Tab reaches
 * every visible interactive control.
 */

// Only reads: the run's shared demo-data server.
const e2e = useConsole({ data: 'demo', server: 'shared' });
let signedIn: WatchedPage;
/** The counter's screens are a Supervisor's (or a Teller's): the e2e Administrator is shown 'Not allowed' there. */
let atCounter: WatchedPage;
const counterRoutes: readonly string[] = ['redemptionReview'];
let ids: SampleIds;
const opened: WatchedPage[] = [];
const summary: Array<{ page: string; axeRules: number; minor: number; controls: number; stops: number; presses: number }> = [];

beforeAll(async () => {
  signedIn = await e2e.openPage();
  opened.push(signedIn);
  atCounter = await e2e.openPage();
  opened.push(atCounter);
  await Promise.all([signIn(signedIn.page), signIn(atCounter.page, 'supervisor')]);
  ids = await fetchSampleIds(signedIn.context.request, e2e.baseUrl);
});

afterAll(async () => {
  if (summary.length > 0) {
    const controls = summary.reduce((sum, row) => sum + row.controls, 0);
    console.log(
      [
        `Accessibility: ${summary.length} pages checked (${summary.length - 2} signed-in routes + sign-in + not-found), ` +
          `${controls} interactive controls reached by Tab`,
        ...summary.map(
          (row) =>
            `  ${row.page.padEnd(28)} axe rules passed ${String(row.axeRules).padStart(3)}, moderate/minor ${row.minor}, ` +
            `controls ${String(row.controls).padStart(3)} in ${String(row.stops).padStart(3)} tab stops (${row.presses} Tab presses)`,
        ),
      ].join('\n'),
    );
  }
});

/** Runs both checks on the page as it is and records the figures; fails with every problem found, readably. */
async function checkPage(page: Page, label: string) {
  const axe = await runAxe(page);
  if (axe.other.length > 0) console.log(`moderate/minor (not failing):\n${formatViolations(label, axe.other)}`);
  const keyboard = await checkKeyboardReach(page);
  summary.push({
    page: label,
    axeRules: axe.passes,
    minor: axe.other.length,
    controls: keyboard.controls,
    stops: keyboard.stops,
    presses: keyboard.presses,
  });

  const problems: string[] = [];
  if (axe.blocking.length > 0) problems.push(formatViolations(label, axe.blocking));
  if (keyboard.unreached.length > 0) {
    problems.push(`${label}: not reached by Tab in ${keyboard.presses} presses:\n${keyboard.unreached.map((u) => `  - ${u}`).join('\n')}`);
  }
  expect(problems, `\n${problems.join('\n\n')}\n`).toEqual([]);
  expect(keyboard.controls).toBeGreaterThan(0);
}

describe('every signed-in route of src/config/paths.ts, on the demo data', () => {
  it.each(appRouteKeys)('%s', async (key) => {
    const route = consoleRoute(key, ids);
    const { page } = counterRoutes.includes(key) ? atCounter : signedIn;
    // Inside the console, as its links go (a page load each time costs far more, and only
    // the first page of a visit is a load).
    await openInConsole(page, route.href);
    const heading = await waitForSettledPage(page);
    assertRouteRendered(route.href, heading);
    // The signed-in frame is there: this is the page, not the sign-in form.
    await page.getByTestId('top-bar-title').waitFor();
    await checkPage(page, route.href);
  });

  it('has every menu link among the routes checked', async () => {
    const checked = new Set(appRouteKeys.map((key) => consoleRoute(key, ids).href));
    const { page } = signedIn;
    await page.goto('/dashboard');
    const nav = page.getByRole('navigation', { name: 'Main menu' });
    await nav.getByRole('link').first().waitFor();
    const hrefs = await nav.getByRole('link').evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''));
    expect(hrefs.length).toBeGreaterThan(5);
    expect(hrefs.filter((href) => !checked.has(href))).toEqual([]);
  });
});

describe('signed out', () => {
  it('sign-in page', async () => {
    const watched = await e2e.openPage();
    opened.push(watched);
    await watched.page.goto('/');
    const heading = await waitForSettledPage(watched.page);
    expect(heading).toBe('Sign In');
    await checkPage(watched.page, '/ (sign-in)');
  });

  it('not-found page', async () => {
    const watched = await e2e.openPage();
    opened.push(watched);
    await watched.page.goto('/no-such-page');
    const heading = await waitForSettledPage(watched.page);
    expect(heading).toBe('Oops, Page Not Found');
    await checkPage(watched.page, '/no-such-page (not found)');
  });
});

describe('the check itself', () => {
  // runAxe checks a page of one frame in the page itself and a page with frames the default way
  // (support/page-checks.ts): both must find what is wrong, in a frame too.
  it('finds violations on a page of one frame and inside a frame', async () => {
    const watched = await e2e.openPage();
    opened.push(watched);
    const broken = '<main><h1>Broken</h1><img src="/favicon.svg"><button></button><p style="color:#ccc;background:#fff">faint</p></main>';
    await watched.page.setContent(`<!doctype html><html lang="en"><head><title>Broken</title></head><body>${broken}</body></html>`);
    const single = await runAxe(watched.page);
    expect(single.blocking.map((v) => v.id).toSorted()).toEqual(['button-name', 'color-contrast', 'image-alt']);

    await watched.page.setContent(
      `<!doctype html><html lang="en"><head><title>Framed</title></head><body><main><h1>Framed</h1><iframe title="inner" srcdoc="<button></button>"></iframe></main></body></html>`,
    );
    await expect.poll(() => watched.page.frames().length).toBe(2);
    // The frame is attached before its srcdoc is parsed: check once its button is there (a busy machine showed the gap).
    await watched.page.frameLocator('iframe').locator('button').waitFor({ state: 'attached' });
    const framed = await runAxe(watched.page);
    expect(framed.blocking.flatMap((v) => v.nodes.map((node) => `${v.id} ${node.target.join(' > ')}`))).toContain(
      'button-name iframe > button',
    );
  });
});

describe('every page this file opened', () => {
  it('loaded nothing from another host and threw no uncaught error', () => {
    expect(opened.flatMap((w) => w.foreignRequests)).toEqual([]);
    expect(opened.flatMap((w) => w.pageErrors)).toEqual([]);
  });
});
