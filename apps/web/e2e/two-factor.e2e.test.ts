import { generate } from 'otplib';
import type { Page } from 'playwright-core';
import { beforeAll, expect, it } from 'vitest';
import type { WatchedPage } from './support/browser';
import { useConsole } from './support/fixture';
import { formatViolations, runAxe } from './support/page-checks';
import { e2eAdmin } from './support/server';
import { fillSignIn, signIn } from './support/session';

/**
 * Two-factor sign-in as an admin meets it, on the built console and the real API process: enrol
 * an authenticator from Profile (the test is the app: it computes codes from the key shown), sign
 * out, sign in with password and code, see a used code refused, and sign in once with a recovery code.
 */

// Turns on two-factor sign-in for the e2e admin: a server of its own.
const e2e = useConsole({ data: 'empty', server: 'own' });
let watched: WatchedPage;

beforeAll(async () => {
  watched = await e2e.openPage();
});

/** The app's code for a 30-second time step. */
const codeForStep = (secret: string, step: number) => generate({ secret, epoch: step * 30 });
const currentStep = () => Math.floor(Date.now() / 1000 / 30);

async function sessionStatus(): Promise<number> {
  return (await watched.context.request.get(`${e2e.baseUrl}/api/account/session`)).status();
}

async function signOut(page: Page) {
  await page.getByRole('button', { name: 'logout' }).click();
  await page.getByRole('heading', { name: 'Sign In' }).waitFor();
  expect(await sessionStatus()).toBe(401);
}

/** Password first; the page then asks for the second factor and has started no session. */
async function passwordStep(page: Page) {
  await fillSignIn(page);
  await page.getByLabel('Authentication code').waitFor();
  expect(await sessionStatus()).toBe(401);
}

/** No serious or critical axe-core violation on the page as it is now. */
async function expectAccessible(page: Page, where: string) {
  // Away from the controls: a hovered contained button is drawn darker (the theme's hover state).
  await page.mouse.move(0, 0);
  expect(formatViolations(where, (await runAxe(page)).blocking)).toBe('');
}

async function sendCode(page: Page, code: string) {
  await page.getByLabel('Authentication code').fill(code);
  await page.getByRole('button', { name: 'Verify' }).click();
}

let secret = '';
let enrolStep = 0;
let recoveryCodes: string[] = [];

it('enrols an authenticator from Profile: QR code and key, a code from the app, then ten recovery codes shown once', async () => {
  const { page } = watched;
  await signIn(page);
  await page.goto('/profile');
  const section = page.getByRole('region', { name: 'Two-Factor Sign-In' });
  await section.getByRole('button', { name: 'Set Up Two-Factor Sign-In' }).click();
  // Binding an authenticator needs the password, not only the session.
  const confirm = page.getByRole('dialog', { name: 'Set Up Two-Factor Sign-In' });
  await confirm.getByLabel(/Your password/).fill(e2eAdmin.password);
  await confirm.getByRole('button', { name: 'Continue' }).click();
  const qr = section.getByRole('img', { name: 'QR code for the authenticator app' });
  await qr.waitFor();
  expect(await qr.getAttribute('src')).toMatch(/^data:image\/png;base64,/);
  expect(await qr.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  secret = ((await section.getByTestId('two-factor-secret').textContent()) ?? '').replace(/\s/g, '');
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await expectAccessible(page, 'Profile, enrolment');

  enrolStep = currentStep();
  await section.getByLabel('6-digit code').fill(await codeForStep(secret, enrolStep));
  await section.getByRole('button', { name: 'Turn On' }).click();
  const list = section.getByRole('list', { name: 'Recovery codes' });
  await list.waitFor();
  recoveryCodes = (await list.getByRole('listitem').allTextContents()).map((code) => code.trim());
  expect(recoveryCodes).toHaveLength(10);
  await section.getByText('shown only this once', { exact: false }).waitFor();
  await expectAccessible(page, 'Profile, recovery codes');
  await page.screenshot({ path: '/tmp/e2e-recovery-codes.png', fullPage: true });
  await section.getByRole('button', { name: 'Done, I have saved them' }).click();
  await section.getByText('On', { exact: true }).waitFor();
  expect(await list.count()).toBe(0);
  await page.screenshot({ path: '/tmp/e2e-profile-two-factor.png' });
});

it('signs in again with password and code (the sign-in page loaded afresh), and refuses the same code a second time', async () => {
  const { page } = watched;
  await signOut(page);
  // A fresh load of '/' boots the standalone sign-in page.
  await page.goto('/');
  await passwordStep(page);
  await expectAccessible(page, 'Sign-in, second step');
  await page.screenshot({ path: '/tmp/e2e-second-step.png' });
  // The code that confirmed enrolment is used up: the next step's code signs in.
  const code = await codeForStep(secret, enrolStep + 1);
  await sendCode(page, code);
  await page.waitForURL('**/dashboard');
  await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
  expect(await sessionStatus()).toBe(200);

  await signOut(page);
  await passwordStep(page);
  await sendCode(page, code);
  await page.getByText('Invalid code').waitFor();
  expect(await sessionStatus()).toBe(401);
  expect(new URL(page.url()).pathname).toBe('/');
});

it('signs in once with a recovery code instead of the app’s code', async () => {
  const { page } = watched;
  // Still on the second step after the refused code.
  await sendCode(page, recoveryCodes[0]!);
  await page.waitForURL('**/dashboard');
  expect(await sessionStatus()).toBe(200);

  await signOut(page);
  await passwordStep(page);
  await sendCode(page, recoveryCodes[0]!);
  await page.getByText('Invalid code').waitFor();
  expect(await sessionStatus()).toBe(401);
  expect(watched.foreignRequests).toEqual([]);
  expect(watched.pageErrors).toEqual([]);
});
