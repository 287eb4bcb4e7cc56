import type { APIRequestContext, Browser, BrowserContext, Page } from 'playwright-core';
import { expect } from 'vitest';
import type { ConsoleFixture } from './fixture';
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

/** Reads of the API with a browser context's cookies, to compare a page with what the API answers. */
export function apiReader(api: APIRequestContext, baseUrl: string) {
  return async function apiGet<T>(path: string): Promise<T> {
    const response = await api.get(`${baseUrl}/api${path}`);
    expect(response.status(), `GET ${path}`).toBe(200);
    return (await response.json()) as T;
  };
}

/** A page of its own (fresh context) signed in as the e2e admin, its context's API requests, and reads through them. */
export async function openSignedInPage(e2e: ConsoleFixture, viewport?: { width: number; height: number }) {
  const watched = await e2e.openPage(viewport);
  const api = watched.context.request;
  await signIn(watched.page);
  return { watched, page: watched.page, api, apiGet: apiReader(api, e2e.baseUrl) };
}
