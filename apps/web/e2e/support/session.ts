import type { Browser, BrowserContext, Page } from 'playwright-core';
import { e2eAdmin } from './server';

/** Fills and sends the sign-in form of the page it is on ('/'). */
export async function fillSignIn(page: Page, email: string = e2eAdmin.email, password: string = e2eAdmin.password) {
  await page.getByLabel('Email Address').fill(email);
  await page.getByLabel(/^Password/).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

/** Signs the e2e admin in through the form and waits for the dashboard. */
export async function signIn(page: Page): Promise<void> {
  await page.goto('/');
  await fillSignIn(page);
  await page.waitForURL('**/dashboard');
}

/** The cookies of a signed-in browser, to open further contexts already signed in. */
export async function signedInState(browser: Browser, baseUrl: string): Promise<Awaited<ReturnType<BrowserContext['storageState']>>> {
  const context = await browser.newContext({ baseURL: baseUrl });
  try {
    await signIn(await context.newPage());
    return await context.storageState();
  } finally {
    await context.close();
  }
}
