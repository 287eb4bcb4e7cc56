import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Confirmation, ConfirmationListResponse, DenominationListResponse, VaultPieceListResponse } from '@gold/contract';
import { downloadedText, type WatchedPage } from './support/browser';
import { useConsole } from './support/fixture';
import { e2eAdmin, e2eAdmins } from './support/server';
import { apiReader, signIn } from './support/session';

/**
 * Four eyes on a stock receipt, in two browsers on one server: supervisor A receives three pieces
 * with their serials at JKT-01; the receipt waits as a pending confirmation, which A cannot confirm
 * (no Confirm on their own proposal, and the server refuses it). Supervisor B confirms it with their
 * password again; the three serials are then in the vault and the Denoms List's 10 g stock rose by 3.
 */

// The support's per-role admins (same password as the e2e admin): two supervisors.
const supervisors = { a: e2eAdmins.supervisor, b: e2eAdmins.supervisor2 };
const serials = ['FE-2026-0001', 'FE-2026-0002', 'FE-2026-0003'];
const denom = 10;
const reference = 'DO-2026-118';

// Moves stock: a server of its own, on the demo data (its denominations).
const e2e = useConsole({ data: 'demo', server: 'own' });
let maker: WatchedPage;
let checker: WatchedPage;
let stockBefore: number;
let pending: Confirmation;

const apiGet = <T>(watched: WatchedPage, path: string) => apiReader(watched.context.request, e2e.baseUrl)<T>(path);
const stockOf = async (watched: WatchedPage) =>
  (await apiGet<DenominationListResponse>(watched, '/admin/denoms')).data.find((row) => row.denom === denom)!.amount;
const confirmationRow = (page: Page, id: number) => page.locator(`[role="row"][data-id="${id}"]`);

beforeAll(async () => {
  [maker, checker] = await Promise.all([e2e.openPage({ width: 1400, height: 900 }), e2e.openPage({ width: 1400, height: 900 })]);
  await Promise.all([signIn(maker.page, 'supervisor'), signIn(checker.page, 'supervisor2')]);
  stockBefore = await stockOf(maker);
});

afterAll(() => {
  // Nothing but our own origin, no uncaught error, in either browser.
  for (const watched of [maker, checker]) {
    expect(watched.foreignRequests).toEqual([]);
    expect(watched.pageErrors).toEqual([]);
  }
});

describe('a stock receipt needs a second supervisor', () => {
  it('supervisor A receives 3 pieces at JKT-01: sent for confirmation, nothing in the vault yet', async () => {
    const { page } = maker;
    await page.getByRole('link', { name: 'Vault', exact: true }).first().click();
    await page.waitForURL('**/vault');
    await page.getByRole('button', { name: 'Receive stock' }).click();
    const dialog = page.getByRole('dialog', { name: 'Receive stock' });
    await dialog.getByRole('combobox', { name: 'Location' }).click();
    await page.getByRole('option', { name: /^JKT-01/ }).click();
    await dialog.getByLabel('Denomination (grams)').fill(String(denom));
    await dialog.getByLabel('Delivery or certificate reference').fill(reference);
    await dialog.getByLabel('Refiner').fill('Antam');
    // Pasted from a spreadsheet's column: one serial a line.
    await dialog.getByLabel('Serial numbers').fill(serials.join('\n'));
    await dialog.getByText('3 pieces').waitFor();
    await dialog.getByRole('button', { name: 'Send for confirmation' }).click();
    await dialog.getByText('Sent for confirmation').waitFor();
    expect(await dialog.innerText()).toContain(`Receipt of 3 × ${denom} g at JKT-01 (${reference})`);

    const list = await apiGet<ConfirmationListResponse>(maker, '/admin/confirmations?status=pending&limit=10&page=0');
    pending = list.data.find((row) => row.summary.includes(reference))!;
    expect(pending).toMatchObject({ kind: 'receipt', status: 'pending', grams: 3 * denom, maker: { fullName: supervisors.a.fullName } });
    const inVault = await apiGet<VaultPieceListResponse>(maker, '/admin/vault/pieces?search=FE-2026&limit=10&page=0');
    expect(inVault.total).toBe(0);
    expect(await stockOf(maker)).toBe(stockBefore);

    await dialog.getByRole('link', { name: `Open the pending confirmation ${pending.id}` }).click();
    await page.waitForURL('**/confirmations');
  });

  it('the pending confirmation shows, with Withdraw but no Confirm for its maker, and the server refuses A', async () => {
    const { page } = maker;
    const row = confirmationRow(page, pending.id);
    await row.waitFor();
    const text = await row.innerText();
    for (const shown of ['Stock receipt', `Receipt of 3 × ${denom} g at JKT-01`, '30', 'JKT-01', supervisors.a.fullName, 'Pending']) {
      expect(text).toContain(shown);
    }
    expect(await row.getByRole('button', { name: `Withdraw confirmation ${pending.id}` }).count()).toBe(1);
    expect(await row.getByRole('button', { name: `Confirm confirmation ${pending.id}` }).count()).toBe(0);
    // The menu counts the pending ones (the demo data holds one of its own).
    const { total } = await apiGet<ConfirmationListResponse>(maker, '/admin/confirmations?status=pending&limit=1&page=0');
    const menuItem = page.getByRole('link', { name: /Confirmations/ }).first();
    expect(await menuItem.innerText()).toContain(`${total} pending`);
    await page.screenshot({ path: 'docs/screenshots/four-eyes-pending.png', fullPage: true });

    // Past the console: the server refuses the maker, with the right password.
    const refused = await maker.context.request.post(`${e2e.baseUrl}/api/admin/confirmations/${pending.id}/confirm`, {
      data: { reauth: { password: e2eAdmin.password } },
    });
    expect(refused.status()).toBe(403);
    expect(((await refused.json()) as { message: string }).message).toContain('another admin must confirm it');
  });

  it('supervisor B confirms it with their password: the 3 serials are in the vault, the 10 g stock rose by 3', async () => {
    const { page } = checker;
    await page
      .getByRole('link', { name: /Confirmations/ })
      .first()
      .click();
    await page.waitForURL('**/confirmations');
    const row = confirmationRow(page, pending.id);
    await row.getByRole('button', { name: `Confirm confirmation ${pending.id}` }).click();
    const dialog = page.getByRole('dialog', { name: `Confirm confirmation ${pending.id}?` });
    expect(await dialog.innerText()).toContain(`Serials: ${serials.join(', ')}`);
    await dialog.getByLabel('Your password').fill(e2eAdmin.password);
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await page.getByText(`Confirmation ${pending.id} confirmed`).waitFor();
    await expect.poll(() => row.innerText()).toContain('Confirmed');
    expect(await row.innerText()).toContain(`by ${supervisors.b.fullName}`);
    await page.screenshot({ path: 'docs/screenshots/four-eyes-confirmed.png', fullPage: true });

    // A's page follows by itself (live update): confirmed, nothing left to withdraw.
    await expect.poll(() => confirmationRow(maker.page, pending.id).innerText()).toContain('Confirmed');

    await page.goto('/vault?search=FE-2026');
    for (const serial of serials) {
      const piece = page.locator('[role="row"]').filter({ hasText: serial });
      await piece.waitFor();
      expect(await piece.innerText()).toMatch(/JKT-01[\s\S]*In the vault/);
    }
    await page.screenshot({ path: 'docs/screenshots/vault-pieces.png', fullPage: true });
    // The bar list CSV of the same filter: the three serials, nothing else.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Export CSV of the rows that match the filter' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^pieces-\d{4}-\d{2}-\d{2}\.csv$/);
    const rows = (await downloadedText(download)).trim().split(/\r?\n/).slice(1);
    expect(rows.map((row) => serials.find((serial) => row.includes(serial)))).toEqual(serials);

    expect(await stockOf(checker)).toBe(stockBefore + 3);
    // The card's page: 6 cards a page, largest denom first.
    const denoms = (await apiGet<DenominationListResponse>(checker, '/admin/denoms')).data.map((row) => row.denom).sort((x, y) => y - x);
    await page.goto(`/denoms-list?page=${Math.floor(denoms.indexOf(denom) / 6) + 1}`);
    const amount = page.getByRole('region', { name: `${denom} gram`, exact: true }).locator('dt:text-is("Amount") + dd');
    await expect.poll(() => amount.textContent()).toBe((stockBefore + 3).toLocaleString('id-ID'));
  });
});
