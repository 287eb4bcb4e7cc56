import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WatchedPage } from './support/browser';
import { appRouteKeys, consoleRoute, fetchSampleIds, type SampleIds } from './support/console-routes';
import { useConsole } from './support/fixture';
import { clippedCellControls, cutColumnHeaders, cutStatusChips, openInConsole, waitForSettledPage } from './support/page-checks';
import { e2eAdmin } from './support/server';

/**
 * The console in Bahasa Indonesia, as an operator uses it: chosen on the sign-in page, then every
 * signed-in route walked on a 1280 × 720 laptop screen; no text on a page may be an English text of
 * the catalogue whose Indonesian differs (data such as names are not catalogue texts), and no column
 * title may be cut. The choice survives a reload and a sign-in from another browser (it is
 * remembered for the admin).
 */

// Changes the e2e admin's remembered language: a server of its own.
const e2e = useConsole({ data: 'demo', server: 'own' });
const opened: WatchedPage[] = [];
let signedIn: WatchedPage;
let ids: SampleIds;

/** English -> Indonesian, every catalogue file merged. */
const catalogueDir = join(import.meta.dirname, '..', 'src', 'locales', 'id');
const catalogue = readdirSync(catalogueDir)
  .filter((name) => name.endsWith('.json'))
  .flatMap((name) => Object.entries(JSON.parse(readFileSync(join(catalogueDir, name), 'utf8')) as Record<string, string>));
/** Texts that are Indonesian too ('No', the row number: 'No_column'), so never an English leftover. */
const indonesianTexts = new Set(catalogue.map(([, indonesian]) => indonesian));
/** The English texts whose translation differs (templates left out: their figures vary). */
const untranslated = new Map(
  catalogue.filter(([english, indonesian]) => english !== indonesian && !english.includes('{{') && !indonesianTexts.has(english)),
);

/** The visible text nodes of the page, trimmed, and the tab title. */
async function shownTexts(page: Page): Promise<string[]> {
  const texts = await page.evaluate(() => {
    const found: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent?.trim();
      const parent = node.parentElement;
      if (text && parent && parent.checkVisibility({ visibilityProperty: true })) found.push(text);
    }
    return found;
  });
  return [...texts, (await page.title()).replace(/^.* \| /, '')];
}

/** The English catalogue texts still on the page. */
async function englishLeft(page: Page): Promise<string[]> {
  return [...new Set((await shownTexts(page)).filter((text) => untranslated.has(text)))];
}

async function fillSignInIndonesian(page: Page) {
  await page.getByLabel('Alamat Email').fill(e2eAdmin.email);
  await page.getByLabel(/^Kata Sandi/).fill(e2eAdmin.password);
  await page.getByRole('button', { name: 'Masuk', exact: true }).click();
}

beforeAll(async () => {
  // A laptop screen: the longer Indonesian column titles must still fit their headers.
  signedIn = await e2e.openPage({ width: 1280, height: 720 });
  opened.push(signedIn);
}, 120_000);

afterAll(async () => {
  for (const watched of opened) await watched.context.close();
});

describe('Bahasa Indonesia', () => {
  it('is chosen on the sign-in page, which then shows no English text, and carries over the sign-in', async () => {
    const { page } = signedIn;
    await page.goto('/');
    await page.getByRole('heading', { level: 1, name: 'Sign In' }).waitFor();
    expect(untranslated.size).toBeGreaterThan(100);
    await page.getByRole('button', { name: 'Bahasa Indonesia' }).click();
    await page.getByRole('heading', { level: 1, name: 'Masuk' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('id');
    expect(await englishLeft(page)).toEqual([]);

    await fillSignInIndonesian(page);
    await page.waitForURL('**/dashboard');
    // The console's first load after sign-in (its code and Indonesian texts): the one wait of this file
    // that a full run's load stretched past 10 s.
    await page.getByRole('heading', { level: 1, name: 'Dasbor' }).waitFor({ timeout: 30_000 });
    ids = await fetchSampleIds(signedIn.context.request, e2e.baseUrl);
    // Remembered for the admin on the server.
    await expect
      .poll(
        async () =>
          ((await (await signedIn.context.request.get(`${e2e.baseUrl}/api/account/session`)).json()) as { admin: { language: string } })
            .admin.language,
      )
      .toBe('id');
  });

  describe('every signed-in route of src/config/paths.ts, on the demo data', () => {
    it.each(appRouteKeys)('%s shows no English text of the catalogue, and nothing cut at 1280 px', async (key) => {
      const route = consoleRoute(key, ids);
      const { page } = signedIn;
      await openInConsole(page, route.href);
      const heading = await waitForSettledPage(page);
      expect([
        'Maaf, Halaman Tidak Ditemukan',
        'Terjadi Kesalahan Aplikasi yang Tidak Terduga!',
        'Gagal memuat bagian konsol',
      ]).not.toContain(heading);
      await page.getByTestId('top-bar-title').waitFor();
      expect(await englishLeft(page), `${route.href} (${heading})`).toEqual([]);
      expect(await cutColumnHeaders(page), `${route.href}: column headers cut`).toEqual([]);
      expect(await cutStatusChips(page), `${route.href}: status labels cut`).toEqual([]);
      expect(await clippedCellControls(page), `${route.href}: row controls clipped`).toEqual([]);
    });
  });

  it('survives a reload', async () => {
    const { page } = signedIn;
    await page.goto('/admin-list');
    await page.getByRole('heading', { level: 1, name: 'Daftar Admin' }).waitFor();
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Daftar Admin' }).waitFor();
    expect(await page.getByRole('link', { name: 'Log Audit' }).count()).toBeGreaterThan(0);
  });

  it('is remembered for the admin: a sign-in from another browser opens in Indonesian', async () => {
    const other = await e2e.openPage();
    opened.push(other);
    const { page } = other;
    await page.goto('/');
    // Nothing chosen in this browser yet: the sign-in page is in English.
    await page.getByRole('heading', { level: 1, name: 'Sign In' }).waitFor();
    await page.getByLabel('Email Address').fill(e2eAdmin.email);
    await page.getByLabel(/^Password/).fill(e2eAdmin.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL('**/dashboard');
    await page.getByRole('heading', { level: 1, name: 'Dasbor' }).waitFor();
    expect(await page.getByTestId('top-bar-title').textContent()).toBe('Dasbor');

    // Back to English from the top bar: remembered too, and the next sign-in is in English.
    await page.getByRole('button', { name: 'English' }).click();
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
    await expect
      .poll(
        async () =>
          ((await (await page.request.get(`${e2e.baseUrl}/api/account/session`)).json()) as { admin: { language: string } }).admin.language,
      )
      .toBe('en');
    expect(other.pageErrors).toEqual([]);
    expect(signedIn.pageErrors).toEqual([]);
  });
});
