import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HandOverReceipt, RedemptionDetail } from '@gold/contract';
import type { WatchedPage } from './support/browser';
import { checkCodeAndIdentity, findCounterRedemption, gramsOf } from './support/counter';
import { useConsole } from './support/fixture';
import { e2eAdmins } from './support/server';
import { apiReader, signIn } from './support/session';

/**
 * Roles and four eyes at the counter (issue 32), on the demo data: a Teller of JKT-01 hands over a
 * redemption above the confirmation threshold (identity document recorded first); it waits until a
 * Supervisor confirms it on the Confirmations screen; the receipt then prints the serials handed
 * over, the document check and the confirmer. An Auditor reads the same screens without one
 * action button, and the server refuses them the counter.
 */

// Hands over gold: a server of its own.
const e2e = useConsole({ data: 'demo', server: 'own' });
let teller: WatchedPage;
let supervisor: WatchedPage;
let auditor: WatchedPage;
const apiGet = <T>(watched: WatchedPage, path: string) => apiReader(watched.context.request, e2e.baseUrl)<T>(path);
const statusOf = (page: Page) => page.getByRole('region', { name: 'PHYSICAL GOLD REDEMPTION' }).locator('dt:text-is("Redeem Status") + dd');

beforeAll(async () => {
  const viewport = { width: 1400, height: 900 };
  [teller, supervisor, auditor] = await Promise.all([e2e.openPage(viewport), e2e.openPage(viewport), e2e.openPage(viewport)]);
  await Promise.all([signIn(teller.page, 'teller'), signIn(supervisor.page, 'supervisor'), signIn(auditor.page, 'auditor')]);
});

afterAll(() => {
  for (const watched of [teller, supervisor, auditor]) {
    expect(watched.foreignRequests).toEqual([]);
    expect(watched.pageErrors).toEqual([]);
  }
});

describe('a large hand-over: a teller hands over, a supervisor confirms', () => {
  let redemption: RedemptionDetail;
  let confirmationId: number;

  it('the teller records the identity document after the code; approve then waits for a supervisor', async () => {
    const { page } = teller;
    redemption = await findCounterRedemption((path) => apiGet(teller, path), 'four-eyes');
    expect(gramsOf(redemption)).toBeGreaterThan(100);
    await page.goto(`/redeem?id=${redemption.id}`);
    await expect.poll(() => statusOf(page).textContent()).toBe('PREPARATION');

    await checkCodeAndIdentity(page, (path) => apiGet(teller, path), redemption.id, '4321');
    const identity = page.getByRole('region', { name: 'Identity Document' });
    await identity.getByText(/KTP \(identity card\) ending 4321, checked by Teller Jakarta/).waitFor();
    const approve = page.getByRole('region', { name: 'Redemption Approval' }).getByRole('button', { name: 'Approve' });
    await expect.poll(() => approve.isEnabled()).toBe(true);
    // The counter as the teller sees it: the document recorded, Approve now possible.
    await identity.scrollIntoViewIfNeeded();
    await page.screenshot({ path: 'docs/screenshots/counter-identity-check.png' });

    await approve.click();
    await page.getByText('Hand-over sent for a supervisor’s confirmation', { exact: true }).waitFor();
    const waiting = page.getByRole('status').filter({ hasText: 'Waiting for a supervisor’s confirmation' });
    await waiting.waitFor();
    expect(await waiting.innerText()).toContain('Teller Jakarta sent this hand-over for confirmation');
    expect(await waiting.getByRole('link', { name: 'Open Confirmations' }).getAttribute('href')).toBe('/confirmations');
    // Nothing left the vault: still PREPARATION, and no counter action while it waits.
    expect(await statusOf(page).textContent()).toBe('PREPARATION');
    expect(await page.getByRole('region', { name: 'Redemption Approval' }).count()).toBe(0);

    const detail = await apiGet<RedemptionDetail>(teller, `/admin/redeem/${redemption.id}`);
    expect(detail.pendingConfirmation?.maker.fullName).toBe('Teller Jakarta');
    confirmationId = detail.pendingConfirmation!.id;
  });

  it('the supervisor confirms it on the Confirmations screen with their password: REDEEMED', async () => {
    const { page } = supervisor;
    await page.goto('/confirmations');
    const row = page.locator(`[role="row"][data-id="${confirmationId}"]`);
    await row.getByRole('button', { name: `Confirm confirmation ${confirmationId}` }).click();
    const dialog = page.getByRole('dialog', { name: `Confirm confirmation ${confirmationId}?` });
    await dialog.getByLabel('Your password').fill(e2eAdmins.supervisor.password);
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await page.getByText(`Confirmation ${confirmationId} confirmed`).waitFor();
    await expect.poll(async () => (await apiGet<RedemptionDetail>(supervisor, `/admin/redeem/${redemption.id}`)).status).toBe('REDEEMED');
    // The teller's page follows by itself.
    await expect.poll(() => statusOf(teller.page).textContent(), { timeout: 15_000 }).toBe('REDEEMED');
  });

  it('the receipt prints every serial handed over, the document check, the location and the confirmer', async () => {
    const { page } = teller;
    const receipt = await apiGet<HandOverReceipt>(teller, `/admin/redeem/${redemption.id}/receipt`);
    const pieces = redemption.physicalGoldRedeems.reduce((sum, piece) => sum + piece.amount, 0);
    expect(receipt.serials).toHaveLength(pieces);
    expect(receipt.approvedBy?.fullName).toBe('Teller Jakarta');
    expect(receipt.confirmedBy?.fullName).toBe('Penyelia Satu');
    expect(receipt.identityCheck).toMatchObject({ documentType: 'KTP', last4: '4321', checkedBy: { fullName: 'Teller Jakarta' } });

    await page.goto(`/redemption-list/receipt?id=${redemption.id}`);
    const article = page.getByTestId('hand-over-receipt');
    await article.waitFor();
    expect(await page.getByTestId('receipt-serial').count()).toBe(pieces);
    const text = (await article.innerText()).replace(/\s+/g, ' ');
    for (const piece of receipt.serials) expect(text).toContain(piece.serial);
    expect(await page.getByTestId('receipt-identity-document').textContent()).toBe('KTP ····4321');
    expect(text).toContain('Penyelia Satu');
    expect(text).toContain(`${receipt.location.code} — ${receipt.location.name}`);
    await page.screenshot({ path: 'docs/screenshots/receipt-serials.png', fullPage: true });
  });
});

describe('an auditor reads everything and moves nothing', () => {
  it('sees the lists and details without action buttons; the counter and settings are not theirs', async () => {
    const { page } = auditor;
    await page.goto('/redemption-list');
    const grid = page.getByRole('grid', { name: 'Redemptions' });
    await grid.locator('[role="row"][data-id]').first().waitFor();
    expect(await grid.getByRole('link', { name: /^Details of redemption \d+$/ }).count()).toBeGreaterThan(0);
    for (const action of [/^Review redemption/, /^Approve redemption/, /^Reject redemption/]) {
      expect(await grid.getByRole('link', { name: action }).count()).toBe(0);
      expect(await grid.getByRole('button', { name: action }).count()).toBe(0);
    }
    // The audit log is theirs; settings and credentials are not.
    const menu = page.getByRole('navigation', { name: 'Main menu' }).first();
    await menu.getByRole('link', { name: 'Audit Log' }).waitFor();
    expect(await menu.getByRole('link', { name: 'Credentials' }).count()).toBe(0);
    expect(await menu.getByRole('link', { name: 'Webhook Deliveries' }).count()).toBe(0);
    await page.screenshot({ path: 'docs/screenshots/auditor-view.png', fullPage: true });

    const open = (await apiGet<{ data: { id: number }[] }>(auditor, '/admin/list/redeems?status=PREPARATION&limit=1')).data[0]!;
    await page.goto(`/redemption-list/detail?id=${open.id}`);
    await page.getByRole('region', { name: 'History' }).waitFor();
    await page
      .getByRole('region', { name: /^Redemption \d+$/ })
      .locator('dd')
      .first()
      .waitFor();
    expect(await page.getByRole('button', { name: 'Update Information' }).count()).toBe(0);
    expect(await page.getByRole('link', { name: 'Open the review page' }).count()).toBe(0);

    await page.goto(`/redeem?id=${open.id}`);
    await page.getByText('Your role (Auditor) may not open this page.').waitFor();
    expect(await page.getByRole('button', { name: 'Send OTP' }).count()).toBe(0);

    await page.goto('/admin-list');
    await page.getByRole('grid', { name: 'Admins' }).locator('[role="row"][data-id]').first().waitFor();
    expect(await page.getByRole('link', { name: 'Add Admin' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: /^Delete / }).count()).toBe(0);

    // Exports are theirs (they are audited).
    await page.goto('/transaction-list');
    await page
      .getByRole('link', { name: /^Export CSV/ })
      .first()
      .waitFor();

    await page.goto('/denoms-list');
    await page
      .getByRole('region', { name: /^\d+ gram$/ })
      .first()
      .waitFor();
    expect(await page.getByRole('button', { name: 'Add Amount' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Submit' }).count()).toBe(0);

    // Past the console: the server refuses the auditor the counter.
    const refused = await auditor.context.request.post(`${e2e.baseUrl}/api/admin/redeem/sendotp`, { data: { id: open.id } });
    expect(refused.status()).toBe(403);
  });
});
