import AxeBuilder from '@axe-core/playwright';
import type { Result } from 'axe-core';
import type { Page, Request } from 'playwright-core';

/** Headings of the pages that stand for a failure rather than the route asked for. */
const FAILURE_HEADINGS = ['Oops, Page Not Found', 'Unexpected Application Error!', 'Loading chunk failed'];

/**
 * Waits until a page has settled: no request in flight, its level-1 heading shown, no progress
 * indicator (loading overlay, grid loading bar) left. Answers the heading's text.
 */
export async function waitForSettledPage(page: Page): Promise<string> {
  await page.waitForLoadState('networkidle');
  const heading = page.getByRole('heading', { level: 1 }).first();
  await heading.waitFor();
  await page.waitForFunction(() =>
    [...document.querySelectorAll('[role="progressbar"], [role="status"][aria-busy="true"]')].every(
      (element) => !element.checkVisibility({ visibilityProperty: true }),
    ),
  );
  await page.waitForLoadState('networkidle');
  return ((await heading.textContent()) ?? '').trim();
}

/**
 * Opens `href` inside the console already running in `page`, as a click on one of its links does
 * (a history entry and a popstate, which the router follows), rather than loading a new document:
 * Chromium gives every document a new renderer process and the console starts over, about five
 * times the CPU of the navigation itself. Resolves once the new page has replaced the old one (a
 * level-1 heading that was not there before) and no request has been in flight for 500 ms, which
 * is what `waitForLoadState('networkidle')` gives a page load.
 */
export async function openInConsole(page: Page, href: string): Promise<void> {
  let inFlight = 0;
  let quietSince = Date.now();
  // The live-updates stream stays open as long as the console does: it is no page still loading.
  const counted = (request: Request) => request.resourceType() !== 'eventsource';
  const started = (request: Request) => {
    if (counted(request)) inFlight += 1;
  };
  const ended = (request: Request) => {
    if (!counted(request)) return;
    inFlight = Math.max(0, inFlight - 1);
    if (inFlight === 0) quietSince = Date.now();
  };
  page.on('request', started);
  page.on('requestfinished', ended);
  page.on('requestfailed', ended);
  try {
    const moved = await page.evaluate((target) => {
      // Already there (the page a walk starts on): nothing to open.
      if (`${window.location.pathname}${window.location.search}` === target) return false;
      for (const heading of document.querySelectorAll('h1')) heading.setAttribute('data-left-behind', '');
      window.history.pushState(null, '', target);
      window.dispatchEvent(new PopStateEvent('popstate'));
      return true;
    }, href);
    if (moved) await page.waitForFunction(() => document.querySelector('h1:not([data-left-behind])') !== null);
    const deadline = Date.now() + 30_000;
    while (inFlight > 0 || Date.now() - quietSince < 500) {
      if (Date.now() > deadline) throw new Error(`${href}: requests still in flight after 30 s`);
      await page.waitForTimeout(100);
    }
  } finally {
    page.off('request', started);
    page.off('requestfinished', ended);
    page.off('requestfailed', ended);
  }
}

/** Fails when the page shown is the not-found or an error page instead of the route asked for. */
export function assertRouteRendered(href: string, heading: string): void {
  if (FAILURE_HEADINGS.includes(heading)) throw new Error(`${href} showed '${heading}' instead of its page`);
}

export interface AxeReport {
  /** Serious and critical violations: each fails the check. */
  blocking: Result[];
  /** Moderate and minor ones: printed, not failing. */
  other: Result[];
  /** Rules that ran and passed. */
  passes: number;
}

/** axe-core's default rule set (WCAG 2.x A and AA, plus best practices) on the whole page. */
export async function runAxe(page: Page): Promise<AxeReport> {
  // Every rule still runs; only violations list each element (a passed rule lists one), which spares
  // axe building selectors for thousands of passing elements on every page. A page of one frame (every
  // page of the console: it has no frames) is checked by axe.run in the page itself (legacy mode); the
  // default opens a new blank page for every check, a renderer and a second axe-core, to merge the
  // results of several frames, and is kept for a page that has them (legacy mode would skip a frame
  // of another origin).
  const builder = new AxeBuilder({ page }).options({ resultTypes: ['violations'] });
  const results = await (page.frames().length === 1 ? builder.setLegacyMode() : builder).analyze();
  const blocking = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  const other = results.violations.filter((v) => !blocking.includes(v));
  return { blocking, other, passes: results.passes.length };
}

/** One violation per paragraph: rule, impact, what it asks, and each element with axe's summary of the fix. */
export function formatViolations(where: string, violations: Result[]): string {
  return violations
    .map((violation) => {
      const nodes = violation.nodes
        .slice(0, 8)
        .map((node) => {
          const summary = (node.failureSummary ?? '').replace(/\s*\n\s*/g, ' ');
          return `    - ${node.target.join(' ')}\n      ${node.html.slice(0, 200)}\n      ${summary}`;
        })
        .join('\n');
      const more = violation.nodes.length > 8 ? `\n    ... and ${violation.nodes.length - 8} more elements` : '';
      return `${where}: [${violation.impact}] ${violation.id}: ${violation.help}\n  ${violation.helpUrl}\n${nodes}${more}`;
    })
    .join('\n\n');
}

export interface KeyboardReport {
  /** Visible, enabled interactive controls on the page. */
  controls: number;
  /** Tab stops they make: a control, or a composite widget (grid, menu, radio group...) entered once and moved in with arrows. */
  stops: number;
  /** How many times Tab was pressed. */
  presses: number;
  /** The stops that never received focus, described. */
  unreached: string[];
}

/**
 * Presses Tab through the page from its top and checks that every visible interactive control
 * (links, buttons, inputs, selects, anything with a tabindex >= 0 or an interactive role)
 * received focus. A control inside a composite widget with a roving tabindex (a data grid's
 * headers, a radio group) counts as reached when focus enters its widget, which is how the
 * keyboard reaches it (arrow keys after Tab).
 */
export async function checkKeyboardReach(page: Page): Promise<KeyboardReport> {
  const stops = await page.evaluate(() => {
    const CONTROL =
      'a[href], button, input, select, textarea, summary, [tabindex], [contenteditable="true"], [role="button"], [role="link"], ' +
      '[role="checkbox"], [role="radio"], [role="switch"], [role="tab"], [role="menuitem"], [role="combobox"], [role="slider"], ' +
      '[role="spinbutton"], [role="option"], [role="textbox"], [role="searchbox"], [role="columnheader"][aria-sort]';
    const COMPOSITE =
      '[role="grid"], [role="treegrid"], [role="listbox"], [role="menu"], [role="menubar"], [role="radiogroup"], [role="tablist"], [role="tree"], [role="toolbar"]';
    const NATIVE = new Set(['A', 'BUTTON', 'INPUT', 'SELECT', 'TEXTAREA', 'SUMMARY']);
    const INTERACTIVE_ROLE =
      '[role="button"], [role="link"], [role="checkbox"], [role="radio"], [role="switch"], [role="tab"], [role="menuitem"], ' +
      '[role="combobox"], [role="slider"], [role="spinbutton"], [role="option"], [role="textbox"], [role="searchbox"], [role="columnheader"]';

    for (const marked of document.querySelectorAll('[data-kb-stop]')) marked.removeAttribute('data-kb-stop');

    const describe = (element: Element) => {
      const role = element.getAttribute('role') ?? element.tagName.toLowerCase();
      const name =
        element.getAttribute('aria-label') ??
        (element.getAttribute('aria-labelledby') &&
          document.getElementById(element.getAttribute('aria-labelledby')!.split(' ')[0]!)?.textContent) ??
        (element as HTMLInputElement).labels?.[0]?.textContent ??
        element.textContent ??
        '';
      return `${role} '${name.replace(/\s+/g, ' ').trim().slice(0, 60)}'`;
    };

    const isControl = (element: Element) => {
      if (element.closest('[aria-hidden="true"], [inert]')) return false;
      if (element.matches(':disabled, [aria-disabled="true"], input[type="hidden"]')) return false;
      const tabindex = element.getAttribute('tabindex');
      // An element made focusable only by script (tabindex -1) and not a native control is a focus target, not a control.
      if (tabindex !== null && Number(tabindex) < 0 && !NATIVE.has(element.tagName) && !element.matches(INTERACTIVE_ROLE)) return false;
      if (element.tagName === 'A' && !element.hasAttribute('href')) return false;
      if (!element.checkVisibility({ visibilityProperty: true, contentVisibilityAuto: true })) return false;
      const box = element.getBoundingClientRect();
      return box.width > 0 && box.height > 0;
    };

    const found = new Map<string, { key: string; description: string; controls: number }>();
    let next = 0;
    for (const control of document.querySelectorAll(CONTROL)) {
      if (!isControl(control)) continue;
      let stop: Element = control.closest(COMPOSITE) ?? control;
      // Native radio buttons of one name are one tab stop, like a radio group.
      if (stop === control && control instanceof HTMLInputElement && control.type === 'radio' && control.name) {
        stop = control.form ?? document.body;
        const key = `radio:${control.name}`;
        const entry = found.get(key) ?? { key, description: `radio group '${control.name}'`, controls: 0 };
        entry.controls += 1;
        found.set(key, entry);
        control.setAttribute('data-kb-stop', key);
        continue;
      }
      let key = stop.getAttribute('data-kb-stop');
      if (!key) {
        key = `stop-${next++}`;
        stop.setAttribute('data-kb-stop', key);
      }
      const entry = found.get(key) ?? { key, description: describe(stop), controls: 0 };
      entry.controls += 1;
      found.set(key, entry);
    }
    return [...found.values()];
  });

  // Start from the top of the document, as a keyboard user arriving on the page does: focus on a
  // mark placed first in the body (after a navigation inside the console, Tab would otherwise go on
  // from where the last page had the focus). The stops focus reaches are noted in the page as it
  // moves, so the Tab presses need no question to the page between them.
  await page.evaluate(() => {
    (document.activeElement as HTMLElement | null)?.blur?.();
    const reachedStops = new Set<string>();
    const noted = window as unknown as { reachedStops: Set<string>; noteStop?: (event: FocusEvent) => void };
    // One listener per check: the page of the check before may be this same document (a walk inside the console).
    if (noted.noteStop) document.removeEventListener('focusin', noted.noteStop);
    noted.reachedStops = reachedStops;
    noted.noteStop = (event: FocusEvent) => {
      const target = event.composedPath()[0];
      const key = target instanceof Element ? target.closest('[data-kb-stop]')?.getAttribute('data-kb-stop') : null;
      if (key) reachedStops.add(key);
    };
    document.addEventListener('focusin', noted.noteStop);
    const top = document.createElement('span');
    top.id = 'keyboard-check-start';
    top.tabIndex = -1;
    document.body.prepend(top);
    top.focus({ preventScroll: true });
    window.scrollTo(0, 0);
  });
  const maxPresses = stops.length * 2 + 20;
  let presses = 0;
  let reached: string[] = [];
  while (reached.length < stops.length && presses < maxPresses) {
    // As many presses as stops are left (at least that many are needed), then a look at what they reached.
    const batch = Math.min(Math.max(1, stops.length - reached.length), maxPresses - presses);
    for (let i = 0; i < batch; i++) {
      await page.keyboard.press('Tab');
      if (presses === 0) await page.evaluate(() => document.getElementById('keyboard-check-start')?.remove());
      presses += 1;
    }
    reached = await page.evaluate(() => [...(window as unknown as { reachedStops: Set<string> }).reachedStops]);
  }
  return {
    controls: stops.reduce((sum, stop) => sum + stop.controls, 0),
    stops: stops.length,
    presses,
    unreached: stops.filter((stop) => !reached.includes(stop.key)).map((stop) => `${stop.description} (${stop.controls} control(s))`),
  };
}

/**
 * The column headers of the page's lists whose title is cut (wider or taller than its box: a long
 * title takes two lines, never more) or whose sort arrow is not wholly inside the header. Answers
 * their names, none when every header shows its whole title and arrow.
 */
export async function cutColumnHeaders(page: Page): Promise<string[]> {
  return page.locator('[role="columnheader"]').evaluateAll((headers) =>
    headers.flatMap((header) => {
      const title = header.querySelector('.list-column-title');
      if (!title) return [`${header.getAttribute('aria-label')}: no title`];
      const cut = title.scrollWidth > title.clientWidth + 1 || title.scrollHeight > title.clientHeight + 1;
      const arrow = header.querySelector('.MuiTableSortLabel-root.Mui-active .MuiTableSortLabel-icon');
      const box = header.getBoundingClientRect();
      const arrowBox = arrow?.getBoundingClientRect();
      const arrowOut = arrowBox !== undefined && (arrowBox.width === 0 || arrowBox.left < box.left || arrowBox.right > box.right);
      return cut || arrowOut
        ? [`${header.getAttribute('aria-label')}${cut ? ' (title cut)' : ''}${arrowOut ? ' (sort arrow cut)' : ''}`]
        : [];
    }),
  );
}

/** The status chips (KYC, redemption, admin) whose label is cut with an ellipsis: their text, none when every label shows whole. */
export async function cutStatusChips(page: Page): Promise<string[]> {
  return page
    .locator('.MuiChip-label')
    .evaluateAll((labels) => labels.filter((label) => label.scrollWidth > label.clientWidth + 1).map((label) => label.textContent ?? ''));
}

/** The buttons and links of list rows not wholly inside their cell (clipped by a column too narrow): their names, none when all show. */
export async function clippedCellControls(page: Page): Promise<string[]> {
  return page.locator('[role="gridcell"] :is(button, a)').evaluateAll((controls) =>
    controls.flatMap((control) => {
      const cell = control.closest('[role="gridcell"]')!.getBoundingClientRect();
      const box = control.getBoundingClientRect();
      const inside = box.left >= cell.left - 0.5 && box.right <= cell.right + 0.5;
      return inside ? [] : [control.getAttribute('aria-label') ?? control.textContent ?? ''];
    }),
  );
}
