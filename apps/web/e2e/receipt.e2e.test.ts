import { writeFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { HandOverReceipt, RedemptionDetail, RedemptionListResponse } from '@gold/contract';
import type { WatchedPage } from './support/browser';
import { useConsole } from './support/fixture';
import { readPdfText } from './support/pdf-text';
import { checkCodeAndIdentity, findCounterRedemption } from './support/counter';
import { openSignedInPage } from './support/session';

/**
 * The hand-over receipt, on the built console and the real API with the demo data:
 * approve a redemption at the counter, follow the review page's offer of the receipt, print it to
 * PDF with Chromium and read the PDF back: every figure is there, on one A4 page, without the
 * console's frame. Only REDEEMED redemptions have one.
 */

// Approves a redemption: a server of its own.
const e2e = useConsole({ data: 'demo', server: 'own' });
let watched: WatchedPage;
let page: Page;
let apiGet: <T>(path: string) => Promise<T>;

beforeAll(async () => {
  // The counter is a Supervisor's (or a Teller's): the e2e Administrator may not hand over gold.
  ({ watched, page, apiGet } = await openSignedInPage(e2e, undefined, 'supervisor'));
});

const firstWithStatus = async (status: string) =>
  (await apiGet<RedemptionListResponse>(`/admin/list/redeems?status=${status}&limit=5`)).data[0]!;

const valueOf = (label: string) => page.getByRole('region', { name: 'PHYSICAL GOLD REDEMPTION' }).locator(`dt:text-is("${label}") + dd`);
const grams = (value: string) => `${Number(value).toLocaleString('id-ID', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
/** Text with its white space taken out: the PDF breaks lines where the page wraps them. */
const squash = (text: string) => text.replace(/\s+/g, '');

const title = 'Berita Acara Serah Terima Emas Fisik / Physical Gold Hand-over Receipt';

describe('Hand-over receipt', () => {
  let redemption: RedemptionDetail;
  let receipt: HandOverReceipt;

  it('is offered on the review page once the redemption is approved', async () => {
    // At or under the confirmation threshold: handed over at once (above it, a second admin confirms: roles.e2e.test.ts).
    redemption = await findCounterRedemption(apiGet, 'alone');
    await page.goto(`/redeem?id=${redemption.id}`);
    await expect.poll(() => valueOf('Redeem Status').textContent()).toBe('PREPARATION');
    // Not before the gold is handed over.
    expect(await page.getByRole('link', { name: 'Hand-over receipt' }).count()).toBe(0);

    await checkCodeAndIdentity(page, apiGet, redemption.id, '7788');
    await page.getByRole('region', { name: 'Redemption Approval' }).getByRole('button', { name: 'Approve' }).click();
    await page.getByText('Redemption Approved Successfully', { exact: true }).waitFor();
    await expect.poll(() => valueOf('Redeem Status').textContent()).toBe('REDEEMED');

    await page.getByRole('link', { name: 'Hand-over receipt' }).click();
    await page.waitForURL(`**/redemption-list/receipt?id=${redemption.id}`);
    receipt = await apiGet<HandOverReceipt>(`/admin/redeem/${redemption.id}/receipt`);
    expect(receipt.approvedAt).not.toBeNull();
  });

  it('shows the redemption, the masked NIK, the pieces, totals, collection, code check, approval and the QR code', async () => {
    const article = page.getByRole('article', { name: title });
    await article.waitFor();
    const text = (await article.innerText()).replace(/\s+/g, ' ');
    expect(text).toContain(`#${redemption.id}`);
    expect(text).toContain(redemption.user.fullName);
    if (redemption.user.nik) {
      expect(text).toContain(`${'*'.repeat(redemption.user.nik.length - 4)}${redemption.user.nik.slice(-4)}`);
      expect(text).not.toContain(redemption.user.nik);
    }
    for (const piece of receipt.pieces) expect(text).toContain(`${piece.amount} × ${piece.denom} g`);
    expect(await page.getByTestId('receipt-total').textContent()).toBe(`${grams(receipt.totalGrams)} g`);
    expect(text).toContain(grams(receipt.totalFee));
    expect(text).toMatch(/\d{2}:00 - \d{2}:00 WIB/);
    expect(text).toContain(receipt.approvedBy!.fullName);
    // Issue 32: where, the document checked (type, last 4, who, when) and the serial of every piece.
    expect(text).toContain(`${receipt.location.code} — ${receipt.location.name}`);
    expect(await page.getByTestId('receipt-identity-document').textContent()).toBe('KTP ····7788');
    expect(receipt.identityCheck).toMatchObject({ documentType: 'KTP', last4: '7788' });
    expect(text).toContain(receipt.identityCheck!.checkedBy.fullName);
    const pieceCount = receipt.pieces.reduce((sum, piece) => sum + piece.amount, 0);
    expect(receipt.serials).toHaveLength(pieceCount);
    expect(await page.getByTestId('receipt-serial').count()).toBe(pieceCount);
    for (const piece of receipt.serials) expect(text).toContain(piece.serial);
    expect(text).toContain('Tidak diperlukan / Not required');
    expect(await page.getByTestId('signature-space').count()).toBe(2);
    const qr = page.getByTestId('review-qr-code');
    await qr.waitFor();
    expect(await qr.getAttribute('alt')).toBe(`QR code: ${e2e.baseUrl}/redeem?id=${redemption.id}`);
  });

  it('prints to one A4 page holding the receipt alone', async () => {
    // An A4 sheet's width at 96 dpi: headless Chromium prints a page whose viewport was set wider
    // (Playwright sets it by device-metrics emulation) into a shrunk, cut-off column, which a
    // browser's own print dialog does not do.
    await page.setViewportSize({ width: 794, height: 1123 });
    await page.emulateMedia({ media: 'print' });
    const pdf = await page.pdf({ preferCSSPageSize: true, printBackground: true });
    await page.emulateMedia({ media: 'screen' });
    await page.setViewportSize({ width: 1400, height: 900 });
    writeFileSync('/tmp/issue14-receipt.pdf', pdf);

    const printed = readPdfText(pdf);
    expect(printed.pages).toBe(1);
    const text = squash(printed.pageTexts[0]!);
    for (const expected of [
      title,
      `#${redemption.id}`,
      redemption.user.fullName,
      ...receipt.pieces.map((piece) => `${piece.amount} × ${piece.denom} g`),
      `${grams(receipt.totalGrams)} g`,
      'Biaya / Fee',
      grams(receipt.totalFee),
      'Tanggal Pengambilan / Collection Date',
      'Kode Diperiksa / Code Checked',
      receipt.approvedBy!.fullName,
      'Diserahkan oleh / Handed over by',
      'Diterima oleh / Received by',
      'Dokumen Identitas / Identity Document',
      '7788',
      receipt.location.code,
      ...receipt.serials.map((piece) => piece.serial),
    ]) {
      expect(text, expected).toContain(squash(expected));
    }
    if (redemption.user.nik) {
      expect(text).toContain(squash(receipt.customer.nikMasked!));
      expect(text).not.toContain(redemption.user.nik);
    }
    // The console's frame and the screen's buttons are not printed.
    for (const absent of ['Dashboard', 'Redemption List', 'Print', 'Back to the review']) expect(text).not.toContain(squash(absent));
    // A4 in points (595 x 842; Chromium rounds to its own pixel grid).
    const [width, height] = /\/MediaBox \[0 0 ([\d.]+) ([\d.]+)\]/.exec(pdf.toString('latin1'))!.slice(1).map(Number);
    expect(Math.abs(width! - 595.3)).toBeLessThan(2);
    expect(Math.abs(height! - 841.9)).toBeLessThan(2);
  });

  it('has one for a redemption handed over before approvals were recorded (the demo history), saying so', async () => {
    const redeemed = await apiGet<RedemptionListResponse>('/admin/list/redeems?status=REDEEMED&limit=5');
    const handedOver = redeemed.data.find((row) => row.id !== redemption.id)!;
    const seeded = await apiGet<HandOverReceipt>(`/admin/redeem/${handedOver.id}/receipt`);
    expect(seeded).toMatchObject({ redemptionId: handedOver.id, approvedAt: null, approvedBy: null });
    await page.goto(`/redemption-list/receipt?id=${handedOver.id}`);
    const article = page.getByRole('article', { name: title });
    await article.getByText('Tidak tercatat / Not recorded').first().waitFor();
    // Handed over before the vault kept pieces: no serials, said so.
    if (seeded.serials.length === 0) await page.getByTestId('receipt-no-serials').waitFor();
  });

  it('is refused, with a clear message, for a redemption that was not handed over', async () => {
    const requested = await firstWithStatus('REQUESTED');
    await page.goto(`/redeem?id=${requested.id}`);
    await expect.poll(() => valueOf('Redeem Status').textContent()).toBe('REQUESTED');
    expect(await page.getByRole('link', { name: 'Hand-over receipt' }).count()).toBe(0);
    await page.goto(`/redemption-list/receipt?id=${requested.id}`);
    await page.getByText(`Only a REDEEMED redemption has a hand-over receipt: redemption ${requested.id} is REQUESTED`).waitFor();
    expect(await page.getByRole('article', { name: title }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Print' }).isDisabled()).toBe(true);
  });

  it('asked nothing of another origin and threw no error', () => {
    expect(watched.foreignRequests).toEqual([]);
    expect(watched.pageErrors).toEqual([]);
  });
});
