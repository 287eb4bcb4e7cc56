import type { APIRequestContext, Browser, BrowserContext, Page } from 'playwright-core';
import { expect } from 'vitest';
import type { ConsoleFixture } from './fixture';
import { e2eAdmin, e2eAdmins, type E2eRole } from './server';

/** Fills and sends the sign-in form of the page it is on ('/'). */
export async function fillSignIn(page: Page, email: string = e2eAdmin.email, password: string = e2eAdmin.password) {
  await page.getByLabel('Email Address').fill(email);
  await page.getByLabel(/^Password/).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

/** Signs the e2e admin (or the admin of `role`) in through the form and waits for the dashboard. */
export async function signIn(page: Page, role: E2eRole = 'administrator'): Promise<void> {
  await page.goto('/');
  await fillSignIn(page, e2eAdmins[role].email, e2eAdmins[role].password);
  await page.waitForURL('**/dashboard');
}

/** The cookies of a signed-in browser, to open further contexts already signed in. */
export async function signedInState(
  browser: Browser,
  baseUrl: string,
  role: E2eRole = 'administrator',
): Promise<Awaited<ReturnType<BrowserContext['storageState']>>> {
  const context = await browser.newContext({ baseURL: baseUrl });
  try {
    await signIn(await context.newPage(), role);
    return await context.storageState();
  } finally {
    await context.close();
  }
}

/** Reads of the API with a browser context's cookies, to compare a page with what the API answers. */
export function apiReader(api: APIRequestContext, baseUrl: string) {
  return async function apiGet<T>(path: string): Promise<T> {
    const response = await api.get(`${baseUrl}/api${path}`);
    expect(response.status(), `GET ${path}`).toBe(200);
    return (await response.json()) as T;
  };
}

/** A page of its own (fresh context) signed in as the e2e admin (or `role`'s), its context's API requests, and reads through them. */
export async function openSignedInPage(e2e: ConsoleFixture, viewport?: { width: number; height: number }, role: E2eRole = 'administrator') {
  const watched = await e2e.openPage(viewport);
  const api = watched.context.request;
  await signIn(watched.page, role);
  return { watched, page: watched.page, api, apiGet: apiReader(api, e2e.baseUrl) };
}
