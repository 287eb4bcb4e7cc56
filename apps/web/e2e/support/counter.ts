import type { Page } from 'playwright-core';
import type { CaughtMailResponse, RedemptionDetail, RedemptionListResponse } from '@gold/contract';

type ApiGet = <T>(path: string) => Promise<T>;

/** Grams a redemption hands over (its pieces × their denominations). */
export const gramsOf = (redemption: RedemptionDetail) =>
  redemption.physicalGoldRedeems.reduce((sum, piece) => sum + piece.amount * piece.physicalGold.denom, 0);

/** The hand-over confirmation threshold of the server (HANDOVER_CONFIRMATION_GRAMS, default 100 g). */
const confirmationThresholdGrams = 100;

/**
 * A PREPARATION redemption the counter can hand over now: the customer's eKYC VERIFIED, collected at
 * JKT-01 (the e2e teller's location), at or under the confirmation threshold (`handOver: 'alone'`) or
 * above it (`'four-eyes'`). `among` limits the search to those ids (the rows a page shows).
 */
export async function findCounterRedemption(
  apiGet: ApiGet,
  handOver: 'alone' | 'four-eyes',
  among?: readonly number[],
): Promise<RedemptionDetail> {
  const ids = among ?? (await apiGet<RedemptionListResponse>('/admin/list/redeems?status=PREPARATION&limit=100')).data.map((row) => row.id);
  for (const id of ids) {
    const redemption = await apiGet<RedemptionDetail>(`/admin/redeem/${id}`);
    if (redemption.status !== 'PREPARATION' || redemption.user.ekycStatus !== 'VERIFIED' || redemption.location.id !== 1) continue;
    if (redemption.pendingConfirmation) continue;
    const above = gramsOf(redemption) > confirmationThresholdGrams;
    if (above === (handOver === 'four-eyes')) return redemption;
  }
  throw new Error(`no PREPARATION redemption to hand over ${handOver === 'alone' ? 'alone' : 'with four eyes'} among ${ids.join(', ')}`);
}

/** The code the demo mail catcher holds for the redemption (the last one sent). */
async function caughtCode(apiGet: ApiGet, id: number): Promise<string> {
  const mail = await apiGet<CaughtMailResponse>('/admin/dev/mail');
  const sent = mail.data.find((message) => message.subject.includes(`#${id})`));
  const code = /\(penukaran #\d+\): (\d{6})/.exec(sent?.text ?? '')?.[1];
  if (!code) throw new Error(`no code caught for redemption ${id}`);
  return code;
}

/**
 * The counter's steps before Approve, on the review page the browser shows: Send OTP, the code
 * from the mail catcher, Check OTP, then the identity document (KTP, `last4`) recorded.
 */
export async function checkCodeAndIdentity(page: Page, apiGet: ApiGet, id: number, last4 = '0042'): Promise<void> {
  const otpCheck = page.getByRole('region', { name: 'Redemption OTP Check' });
  await otpCheck.getByRole('button', { name: 'Send OTP' }).click();
  await page.getByText('OTP Sent Successfully', { exact: true }).waitFor();
  await otpCheck.getByLabel('OTP').fill(await caughtCode(apiGet, id));
  await otpCheck.getByRole('button', { name: 'Check OTP' }).click();
  await page.getByText('OTP Check Success', { exact: true }).waitFor();
  await recordIdentityDocument(page, last4);
}

/** The Identity Document step: KTP, the last 4 characters, recorded. */
async function recordIdentityDocument(page: Page, last4: string): Promise<void> {
  const identity = page.getByRole('region', { name: 'Identity Document' });
  await identity.getByRole('combobox', { name: /^Document type/ }).click();
  await page.getByRole('option', { name: 'KTP (identity card)' }).click();
  await identity.getByLabel(/^Last 4 characters/).fill(last4);
  await identity.getByRole('button', { name: 'Record identity check' }).click();
  await page.getByText('Identity check recorded', { exact: true }).waitFor();
}
