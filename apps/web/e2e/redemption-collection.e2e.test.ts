import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Denomination, DenominationListResponse, RedemptionDetail } from '@gold/contract';
import type { WatchedPage } from './support/browser';
import { useConsole } from './support/fixture';
import { checkCodeAndIdentity, findCounterRedemption } from './support/counter';
import { openSignedInPage } from './support/session';

/**
 * Collecting a redemption at the counter, end to end, on the built console and the real API
 * process with the demo data: open a PREPARATION redemption from the Redemption List, send the
 * customer a code, read it from the demo mail catcher (no SMTP_URL), check it, approve, and
 * see the pieces leave the vault on the Denoms List.
 */

// Approves a redemption (the vault's stock moves): a server of its own, on a copy of the demo data.
const e2e = useConsole({ data: 'demo', server: 'own' });
let watched: WatchedPage;
let page: Page;
let apiGet: <T>(path: string) => Promise<T>;

beforeAll(async () => {
  // The counter is a Supervisor's (or a Teller's): the e2e Administrator may not hand over gold.
  ({ watched, page, apiGet } = await openSignedInPage(e2e, undefined, 'supervisor'));
});

const vault = async () =>
  new Map((await apiGet<DenominationListResponse>('/admin/denoms')).data.map((d): [number, Denomination] => [d.denom, d]));

/** The value beside a label in a description list inside `within`. */
const valueOf = (within: Locator, label: string) => within.locator(`dt:text-is("${label}") + dd`);
/** How long to wait for the page to show something (a bound on waiting, not a timing assertion). */
const eventually = { timeout: 15_000 };

/** The Available figure of a denomination's card on the Denoms List (6 cards a page, largest first). */
async function availableOnDenomsList(denom: number): Promise<number> {
  const card = page.getByRole('region', { name: `${denom} gram`, exact: true });
  if (!(await card.isVisible())) {
    await page.getByRole('button', { name: 'Go to page 2' }).click();
    await card.waitFor();
  }
  const text = (await valueOf(card, 'Available').textContent()) ?? '';
  return Number(text.replace(/\./g, ''));
}

describe('Collecting a redemption at the counter', () => {
  let redemption: RedemptionDetail;
  let before: Map<number, Denomination>;

  it('shows the dashboard filled from the demo data', async () => {
    const [users, redemptions] = await Promise.all([
      apiGet<{ count: number }>('/admin/count/users'),
      apiGet<{ count: number }>('/admin/count/redeems'),
    ]);
    await page.goto('/dashboard');
    await expect
      .poll(() => page.getByRole('region', { name: 'Total Users' }).textContent(), eventually)
      .toContain(users.count.toLocaleString('id-ID'));
    await expect
      .poll(() => page.getByRole('region', { name: 'Total Redemptions' }).textContent(), eventually)
      .toContain(redemptions.count.toLocaleString('id-ID'));
    await expect.poll(() => page.getByRole('region', { name: 'Latest Price' }).textContent(), eventually).toMatch(/Rp\s?\d{1,3}(\.\d{3})+/);
    await page.getByRole('table', { name: 'Latest Redemptions' }).locator('tbody tr').nth(4).waitFor();
    await page.getByRole('table', { name: 'Registered Users' }).locator('tbody tr').nth(4).waitFor();
    const chart = page.getByRole('region', { name: 'Price, last 30 days' });
    await chart.getByText(/^Selling price from /).waitFor();
    // Drawn (uPlot, on a canvas), its legend naming the lines; over the chart, the legend gives the day's exact prices.
    await chart.locator('canvas').first().waitFor();
    const legend = chart.locator('.u-legend');
    await expect.poll(() => legend.innerText()).toMatch(/Date[\s\S]*Selling price[\s\S]*Buy-back price/);
    const plot = (await chart.locator('.u-over').boundingBox())!;
    await page.mouse.move(plot.x + plot.width / 2, plot.y + plot.height / 2);
    await expect.poll(() => legend.innerText()).toMatch(/Selling price\s*Rp\s?\d{1,3}(\.\d{3})+/);
    await page.screenshot({ path: '/tmp/e2e-dashboard-filled.png', fullPage: true });
  });

  it('opens a PREPARATION redemption from the Redemption List', async () => {
    await page.goto('/redemption-list');
    const grid = page.getByRole('grid', { name: 'Redemptions' });
    await grid.locator('[role="row"][data-id]').first().waitFor();
    await page.getByRole('combobox', { name: 'Status' }).click();
    await page.getByRole('option', { name: 'PREPARATION' }).click();
    await page.waitForURL('**/redemption-list?status=PREPARATION');
    // The rows shown before stay until the filtered page arrives.
    const shownStatuses = async () => [...new Set(await grid.locator('[role="row"][data-id] [data-field="status"]').allTextContents())];
    await expect.poll(shownStatuses, eventually).toEqual(['PREPARATION']);

    // Of the rows shown, one the counter hands over alone: eKYC verified, at or under the confirmation threshold.
    const shownIds = await grid
      .locator('[role="row"][data-id]')
      .evaluateAll((rows) => rows.map((row) => Number(row.getAttribute('data-id'))));
    redemption = await findCounterRedemption(apiGet, 'alone', shownIds);
    const id = redemption.id;
    before = await vault();

    await grid.getByRole('link', { name: `Review redemption ${id}` }).click();
    await page.waitForURL(`**/redeem?id=${id}`);
    const summary = page.getByRole('region', { name: 'PHYSICAL GOLD REDEMPTION' });
    await expect.poll(() => valueOf(summary, 'Redeem Status').textContent(), eventually).toBe('PREPARATION');
    expect(await valueOf(summary, 'Full Name').textContent()).toBe(redemption.user.fullName);
    for (const piece of redemption.physicalGoldRedeems) {
      await summary.getByText(`${piece.amount} buah kepingan ${piece.physicalGold.denom} gram`, { exact: true }).waitFor();
    }
    expect(await page.getByRole('region', { name: 'Redemption Approval' }).count()).toBe(0);
  });

  it('sends the code, reads it from the caught mail, checks it and approves: REDEEMED', async () => {
    const otpCheck = page.getByRole('region', { name: 'Redemption OTP Check' });
    // The code from the caught mail, then the identity document: Approve waits for both.
    await checkCodeAndIdentity(page, apiGet, redemption.id);
    const approval = page.getByRole('region', { name: 'Redemption Approval' });
    await approval.waitFor();
    await page.screenshot({ path: '/tmp/e2e-redemption-review.png', fullPage: true });

    await approval.getByRole('button', { name: 'Approve' }).click();
    await page.getByText('Redemption Approved Successfully', { exact: true }).waitFor();
    const summary = page.getByRole('region', { name: 'PHYSICAL GOLD REDEMPTION' });
    await expect.poll(() => valueOf(summary, 'Redeem Status').textContent(), eventually).toBe('REDEEMED');
    expect(await otpCheck.count()).toBe(0);
    expect((await apiGet<RedemptionDetail>(`/admin/redeem/${redemption.id}`)).status).toBe('REDEEMED');
  });

  it('shows the pieces gone from the vault on the Denoms List', async () => {
    await page.getByRole('link', { name: 'Denoms List' }).click();
    await page.waitForURL('**/denoms-list');
    await page
      .getByRole('region', { name: /^\d+ gram$/ })
      .first()
      .waitFor();
    const after = await vault();
    for (const piece of redemption.physicalGoldRedeems) {
      const denom = piece.physicalGold.denom;
      const expected = before.get(denom)!.available - piece.amount;
      expect(after.get(denom)!.available).toBe(expected);
      expect(after.get(denom)!.reserved).toBe(before.get(denom)!.reserved - piece.amount);
      await page.goto('/denoms-list');
      await page
        .getByRole('region', { name: /^\d+ gram$/ })
        .first()
        .waitFor();
      expect(await availableOnDenomsList(denom)).toBe(expected);
    }
    await page.goto('/denoms-list');
    await page
      .getByRole('region', { name: /^\d+ gram$/ })
      .first()
      .waitFor();
    await page.screenshot({ path: '/tmp/e2e-denoms-list.png', fullPage: true });
  });

  it('records the collection in the redemption’s history with the admin who approved it', async () => {
    await page.goto(`/redemption-list/detail?id=${redemption.id}`);
    const history = page.getByRole('table', { name: 'History' });
    await history.getByRole('row').filter({ hasText: 'Approved (handed over)' }).waitFor();
    const approved = history.getByRole('row').filter({ hasText: 'Approved (handed over)' });
    expect(await approved.getByRole('cell').allTextContents()).toEqual([
      expect.stringMatching(/WIB$/),
      'Penyelia Satu',
      'Approved (handed over)',
      'PREPARATION',
      'REDEEMED',
      '-',
    ]);
    await history.getByRole('row').filter({ hasText: 'Code checked' }).waitFor();
    await history.getByRole('row').filter({ hasText: 'Identity document checked' }).waitFor();
    // Nothing more can be done to it.
    expect(await page.getByRole('button', { name: 'Update Information' }).isDisabled()).toBe(true);
  });

  it('asked nothing of another origin and threw no error', () => {
    expect(watched.foreignRequests).toEqual([]);
    expect(watched.pageErrors).toEqual([]);
  });
});
