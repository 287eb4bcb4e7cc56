import type { APIRequestContext, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type {
  AddPhysicalGoldResponse,
  AuditListResponse,
  RedemptionDetail,
  CaughtMailResponse,
  RedemptionListResponse,
  ReserveHistoryResponse,
  ReservesResponse,
} from '@gold/contract';
import { createPublicClient, encodeFunctionData, erc20Abi, http, parseAbi, type Address } from 'viem';
import { downloadedText, type WatchedPage } from './support/browser';
import { useConsole } from './support/fixture';
import { e2eAdmins } from './support/server';
import { apiReader, openSignedInPage, signIn } from './support/session';

/**
 * Proof of reserves on the built console, the real API and the demo chain: the tokens
 * outstanding read on chain against the gold in the vault. Handing over gold (approvals) takes the
 * tokens with it (the burn in flight, then landed): coverage holds. Tokens minted past the vault
 * turn the Reserves screen and the dashboard under-backed with the shortfall, without a reload,
 * and the crossing is audited; stock added brings it back.
 */

// Approves redemptions and adds stock: a server of its own, with the demo chain.
const e2e = useConsole({ data: 'demo-chain', server: 'own' });
let watched: WatchedPage;
let page: Page;
let api: APIRequestContext;
let apiGet: <T>(path: string) => Promise<T>;
/** The second supervisor's requests: the four eyes on stock receipts and large hand-overs. */
let checker: APIRequestContext;
/** The audit log is an Auditor's (or an Administrator's), not the Supervisor's: read through an Auditor's session. */
let auditGet: <T>(path: string) => Promise<T>;

beforeAll(async () => {
  // Hand-overs, stock and exports are a Supervisor's; a second one confirms what needs four eyes.
  ({ watched, page, api, apiGet } = await openSignedInPage(e2e, { width: 1400, height: 1000 }, 'supervisor'));
  const second = await e2e.openPage();
  await signIn(second.page, 'supervisor2');
  checker = second.context.request;
  const auditor = await e2e.openPage();
  await signIn(auditor.page, 'auditor');
  auditGet = apiReader(auditor.context.request, e2e.baseUrl);
});

async function apiPost(path: string, data: object): Promise<Response> {
  const response = await api.post(`${e2e.baseUrl}/api${path}`, { data });
  expect(response.ok(), `POST ${path}: ${await response.text()}`).toBe(true);
  return { status: response.status(), body: (await response.json()) as unknown };
}
type Response = { status: number; body: unknown };

/** The second supervisor confirms a pending confirmation with their password. */
async function confirmAsSecondSupervisor(confirmationId: number): Promise<void> {
  const response = await checker.post(`${e2e.baseUrl}/api/admin/confirmations/${confirmationId}/confirm`, {
    data: { reauth: { password: e2eAdmins.supervisor2.password } },
  });
  expect(response.ok(), `confirm ${confirmationId}: ${await response.text()}`).toBe(true);
}

const ownableAbi = parseAbi(['function owner() view returns (address)']);
const mintAbi = parseAbi(['function mint(address to, uint256 amount)']);
/** Where the minted tokens go: no customer's wallet, so no list another test reads changes. */
const mintedTo = '0x00000000000000000000000000000000000b0b00';

/** Figures as the console writes them: `1.234,50`. */
const shown = (value: string) => Number(value).toLocaleString('id-ID', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
/** Exact decimal text as units of 10^-18 (the API's amounts), to add and compare without floats. */
function units(value: string): bigint {
  const [whole, fraction = ''] = value.split('.');
  return BigInt(`${whole}${fraction.padEnd(18, '0')}`);
}

const figures = () => page.getByTestId('reserve-figures');
const underBacked = (on: Page = page) => on.getByTestId('under-backed-banner');

/** Approves redemption `id` at the counter through the API: code sent, read from the demo mail catcher, checked. */
async function approve(id: number): Promise<void> {
  await apiPost('/admin/redeem/sendotp', { id });
  const mail = await apiGet<CaughtMailResponse>('/admin/dev/mail');
  const code = /\(penukaran #\d+\): (\d{6})/.exec(mail.data.find((message) => message.subject.includes(`#${id})`))!.text)![1]!;
  await apiPost('/admin/redeem/checkotp', { id, otp: code });
  await apiPost(`/admin/redeem/${id}/identity-check`, { documentType: 'KTP', last4: '0042' });
  const approval = await apiPost('/admin/redeem/approve', { id });
  // Above the confirmation threshold the hand-over waits for a second admin (202).
  if (approval.status === 202) await confirmAsSecondSupervisor((approval.body as { id: number }).id);
}

/**
 * Mints `amount` units (18 decimals) to a demo wallet on the server's demo chain, sent as the token's
 * owner through anvil's impersonation (the node assigns the nonce): tokens the vault does not hold.
 */
async function mintOnDemoChain(amount: bigint): Promise<void> {
  const found = /demo chain: anvil at (http:\/\/\S+), token (0x[0-9a-fA-F]{40})/.exec(e2e.serverOutput());
  expect(found, 'the server names its demo chain').not.toBeNull();
  const [, rpcUrl, token] = found!;
  const client = createPublicClient({ transport: http(rpcUrl) });
  const decimals = await client.readContract({ address: token as Address, abi: erc20Abi, functionName: 'decimals' });
  const owner = await client.readContract({ address: token as Address, abi: ownableAbi, functionName: 'owner' });
  const raw = decimals >= 18 ? amount * 10n ** BigInt(decimals - 18) : amount / 10n ** BigInt(18 - decimals);
  await client.request({ method: 'anvil_impersonateAccount' as never, params: [owner] as never });
  const hash = await client.request({
    method: 'eth_sendTransaction' as never,
    params: [{ from: owner, to: token, data: encodeFunctionData({ abi: mintAbi, functionName: 'mint', args: [mintedTo, raw] }) }] as never,
  });
  await client.waitForTransactionReceipt({ hash: hash as `0x${string}` });
}

const reserveAudits = async () =>
  (await auditGet<AuditListResponse>('/admin/audit?limit=100')).data.filter((entry) => entry.entity === 'reserves');

describe('Reserves', () => {
  let backed: ReservesResponse;

  it('shows the tokens outstanding read on chain against the gold in the vault, backed', async () => {
    backed = await apiGet<ReservesResponse>('/admin/reserves');
    expect(backed.status).toBe('live');
    const reading = backed.reading!;
    expect(reading.backed).toBe(true);
    expect(Number(reading.supply)).toBeGreaterThan(0);

    await page.getByRole('link', { name: 'Reserves' }).click();
    await page.waitForURL('**/reserves');
    const text = () => figures().innerText();
    await expect.poll(text).toContain(shown(reading.vaultGrams));
    expect(await text()).toContain(shown(reading.reservedGrams));
    expect(await text()).toContain('Every token is backed');
    // The supply moves only with mints and burns: the reading a moment ago is the one shown.
    expect(await text()).toContain(shown(reading.supply));
    expect(await page.getByTestId('reserve-block').innerText()).toMatch(/^Supply read at block [\d.]+ \(/);
    expect(await underBacked().count()).toBe(0);

    const chart = page.getByRole('region', { name: 'Tokens outstanding against gold in the vault' });
    await chart.locator('canvas').first().waitFor();
    await expect.poll(() => chart.locator('.u-legend').innerText()).toMatch(/Time[\s\S]*outstanding[\s\S]*Gold in the vault \(g\)/);
    await chart.getByText(/^From .+ outstanding went from/).waitFor();
    const history = page.getByRole('grid', { name: 'Reserves history' });
    await history.locator('[role="row"][data-id]').first().waitFor();
    await page.screenshot({ path: '/tmp/issue14-reserves-backed.png', fullPage: true });
  });

  it('exports the history as CSV', async () => {
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: /^Export CSV/ }).click()]);
    expect(download.suggestedFilename()).toMatch(/^reserves-\d{4}-\d{2}-\d{2}\.csv$/);
    const lines = (await downloadedText(download)).trim().split(/\r?\n/);
    expect(lines[0]).toBe(
      'id,createdAt,reason,supply,vaultGrams,reservedGrams,coveragePercent,backed,shortfallGrams,blockNumber,blockTime',
    );
    const history = await apiGet<ReserveHistoryResponse>('/admin/reserves/history?limit=10');
    expect(lines).toHaveLength(history.total + 1);
  });

  it('keeps coverage through hand-overs: each burn in flight, then landed, never a false under-backing', async () => {
    await page.evaluate(() => Object.assign(window, { notReloaded: true }));
    const before = (await apiGet<ReservesResponse>('/admin/reserves')).reading!;
    // The largest PREPARATION redemptions (their escrow is final) handed over at the counter.
    const largest = (await apiGet<RedemptionListResponse>('/admin/list/redeems?status=PREPARATION&limit=100&sort=total&order=desc')).data;
    // Approve needs the customer's eKYC verified.
    const open = [];
    for (const row of largest) {
      if ((await apiGet<RedemptionDetail>(`/admin/redeem/${row.id}`)).user.ekycStatus === 'VERIFIED') open.push(row);
      if (open.length === 2) break;
    }
    let handedOver = 0n;
    for (const redemption of open) {
      await approve(redemption.id);
      handedOver += units(redemption.total);
    }
    expect(handedOver > 0n).toBe(true);

    const now = (await apiGet<ReservesResponse>('/admin/reserves')).reading!;
    expect(units(now.vaultGrams)).toBe(units(before.vaultGrams) - handedOver);
    // Before the burns land they are in flight, after it the supply is lower: the vault backs the same tokens either way.
    expect(units(now.supply) - units(now.burnsInFlight ?? '0')).toBe(units(before.supply) - handedOver);
    expect(now.backed).toBe(true);
    await expect
      .poll(async () => (await apiGet<ReservesResponse>('/admin/reserves')).reading!, { timeout: 60_000 })
      .toMatchObject({ burnsInFlight: '0', backed: true });
    const landed = (await apiGet<ReservesResponse>('/admin/reserves')).reading!;
    expect(units(landed.supply)).toBe(units(before.supply) - handedOver);
    expect(await underBacked().count()).toBe(0);
    expect(await figures().innerText()).toContain('Every token is backed');
    const history = await apiGet<ReserveHistoryResponse>('/admin/reserves/history?limit=10');
    expect(history.data.every((snapshot) => snapshot.backed)).toBe(true);
    expect(history.data.filter((snapshot) => snapshot.reason === 'approval')).toHaveLength(2);
  });

  it('turns under-backed, on the open screen without a reload, once tokens are minted past the vault', async () => {
    const reading = (await apiGet<ReservesResponse>('/admin/reserves')).reading!;
    const excess = units(reading.vaultGrams) - units(reading.supply) + units('100');
    await mintOnDemoChain(excess);

    await underBacked().waitFor({ timeout: 60_000 });
    const now = await apiGet<ReservesResponse>('/admin/reserves');
    expect(now.reading).toMatchObject({ backed: false, shortfallGrams: '100' });
    expect(await underBacked().innerText()).toContain(`Under-backed: ${shown(now.reading!.shortfallGrams)} g short`);
    expect(await figures().innerText()).toContain(`Short by ${shown(now.reading!.shortfallGrams)} g`);
    expect(await page.evaluate(() => (window as { notReloaded?: boolean }).notReloaded)).toBe(true);

    const latest = (await apiGet<ReserveHistoryResponse>('/admin/reserves/history?limit=1')).data[0]!;
    expect(latest).toMatchObject({ reason: 'mint-burn', backed: false, shortfallGrams: '100' });
    const crossing = (await reserveAudits())[0]!;
    expect(crossing).toMatchObject({
      action: 'reserves.under-backed',
      fromState: 'backed',
      toState: 'under-backed',
      entityId: String(latest.id),
    });
    // The chain's doing, not an admin's.
    expect(crossing.admin).toBeNull();
    await page
      .getByRole('grid', { name: 'Reserves history' })
      .getByText(`Short ${shown(now.reading!.shortfallGrams)} g`)
      .first()
      .waitFor();
    await page.screenshot({ path: '/tmp/issue14-reserves-under.png', fullPage: true });
  });

  it('shows the same alarm on the dashboard, with a way to the Reserves screen', async () => {
    const dashboard = await watched.context.newPage();
    await dashboard.goto('/dashboard');
    await underBacked(dashboard).waitFor();
    expect(await underBacked(dashboard).innerText()).toMatch(/^Under-backed: [\d.,]+ g short/);
    await underBacked(dashboard).getByRole('link', { name: 'View reserves' }).waitFor();
    await dashboard.close();
  });

  it('is backed again once stock is added, the alarm gone without a reload, and the crossing back audited', async () => {
    const short = (await apiGet<ReservesResponse>('/admin/reserves')).reading!;
    const pieces = Math.ceil(Number(short.shortfallGrams) / 100) + 1;
    const response = await api.post(`${e2e.baseUrl}/api/admin/physicalgold/add`, { data: { denom: 100, amount: pieces } });
    // A stock receipt waits for a second admin (four eyes): in the vault once confirmed.
    expect(response.status()).toBe(202);
    const { confirmation } = (await response.json()) as AddPhysicalGoldResponse;
    await confirmAsSecondSupervisor(confirmation!.id);

    await expect.poll(() => underBacked().count()).toBe(0);
    await expect.poll(() => figures().innerText()).toContain('Every token is backed');
    expect(await page.evaluate(() => (window as { notReloaded?: boolean }).notReloaded)).toBe(true);
    const latest = (await apiGet<ReserveHistoryResponse>('/admin/reserves/history?limit=1')).data[0]!;
    expect(latest).toMatchObject({ reason: 'stock-added', backed: true, shortfallGrams: '0' });
    const [back, down] = await reserveAudits();
    expect(back).toMatchObject({ action: 'reserves.backed', fromState: 'under-backed', toState: 'backed', entityId: String(latest.id) });
    expect(down?.action).toBe('reserves.under-backed');
  });

  it('asked nothing of another origin and threw no error', () => {
    expect(watched.foreignRequests).toEqual([]);
    expect(watched.pageErrors).toEqual([]);
  });
});
