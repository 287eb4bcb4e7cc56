import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { WatchedPage } from './support/browser';
import { useConsole } from './support/fixture';
import { e2eAdmin, e2eAdmins } from './support/server';
import { fillSignIn, signIn } from './support/session';

/**
 * Admin accounts end to end on the real API process and a fresh database: the first admin adds an
 * admin through the form, the new admin signs in (its own browser context), is deactivated and
 * refused at sign-in, then deleted; every one of those actions is on the Audit Log page. A contact
 * message sent to the public endpoint shows on the Contact List as text.
 */

// Adds, deactivates and deletes admins: a server of its own.
const e2e = useConsole({ data: 'empty', server: 'own' });
let first: WatchedPage;
let page: Page;

const newAdmin = { fullName: 'Bambang Pamungkas', email: 'bambang.e2e@example.com', password: 'Kuda lumping menari 7 kali' };
let newAdminId = 0;

beforeAll(async () => {
  first = await e2e.openPage();
  page = first.page;
  await signIn(page);
});

const pathOf = (p: Page) => new URL(p.url()).pathname;
/** Clicks OK in the admin dialog with this title once it shows, and returns its text. */
async function closeDialog(title: string): Promise<string> {
  const dialog = page.getByRole(/Error|Not Match/.test(title) ? 'alertdialog' : 'dialog', { name: title });
  await dialog.waitFor();
  const text = (await dialog.textContent()) ?? '';
  await dialog.getByRole('button', { name: 'OK' }).click();
  await dialog.waitFor({ state: 'detached' });
  return text;
}

/** The adding admin's own password in the confirmation dialog: a session alone adds nobody. */
async function confirmWithPassword(title = 'Add Admin') {
  const dialog = page.getByRole('dialog', { name: title });
  await dialog.getByLabel(/Your password/).fill(e2eAdmin.password);
  await dialog.getByRole('button', { name: title }).click();
}

describe('admin accounts', () => {
  it('adds an admin through the form (phone defaulting to Indonesia) and opens it', async () => {
    await page.goto('/admin-list');
    await page.getByRole('link', { name: 'Add Admin' }).click();
    await page.getByRole('heading', { level: 1, name: 'Add Admin' }).waitFor();
    await page.getByLabel(/^Fullname/).fill(newAdmin.fullName);
    await page.getByLabel(/^Email/).fill(newAdmin.email);
    const phone = page.getByLabel('Phone Number');
    await expect.poll(() => phone.inputValue()).toMatch(/^\+62/);
    // Typed after the calling code the field starts with, as an admin would.
    await phone.click();
    await phone.press('End');
    await phone.pressSequentially('81234567890');
    expect(await phone.inputValue()).toBe('+62 812 3456 7890');
    // The role is a choice of four (issue 32), Administrator by default; a Teller needs a location.
    const role = page.getByRole('combobox', { name: /^Role/ });
    expect(await role.textContent()).toBe('Administrator');
    await role.click();
    expect(await page.getByRole('option').allTextContents()).toEqual(['Teller', 'Supervisor', 'Auditor', 'Administrator']);
    await page.getByRole('option', { name: 'Teller' }).click();
    await page.getByRole('combobox', { name: /^Location/ }).click();
    await page.getByRole('option', { name: /^JKT-01/ }).waitFor();
    await page.keyboard.press('Escape');
    await role.click();
    await page.getByRole('option', { name: 'Administrator' }).click();
    expect(await page.getByRole('combobox', { name: /^Location/ }).count()).toBe(0);
    await page.getByLabel(/^Password/).fill(newAdmin.password);
    await page.getByLabel(/^Confirm Password/).fill(`${newAdmin.password}?`);
    await page.getByRole('button', { name: 'Add Admin' }).click();
    await closeDialog('Password is Not Match');

    await page.getByLabel(/^Confirm Password/).fill(newAdmin.password);
    await page.getByRole('button', { name: 'Add Admin' }).click();
    await confirmWithPassword();
    expect(await closeDialog('Data Update Success')).toContain(`${newAdmin.fullName} (${newAdmin.email}) was added`);
    await page.waitForURL(/\/admin-list\/\d+$/);
    newAdminId = Number(pathOf(page).split('/').pop());
    await page.getByRole('heading', { name: 'Admin Information' }).waitFor();
    expect(await page.locator('dd').allTextContents()).toEqual(expect.arrayContaining([newAdmin.email, '+6281234567890', 'Active']));

    // The same e-mail again is refused with the server's reason.
    await page.goto('/admin-list/add');
    await page.getByLabel(/^Fullname/).fill('Someone Else');
    await page.getByLabel(/^Email/).fill(newAdmin.email.toUpperCase());
    await page.getByLabel(/^Password/).fill(newAdmin.password);
    await page.getByLabel(/^Confirm Password/).fill(newAdmin.password);
    await page.getByRole('button', { name: 'Add Admin' }).click();
    await confirmWithPassword();
    expect(await closeDialog('Data Update Error')).toContain('already exists');
  });

  it('lets the new admin sign in, refuses it once deactivated (its open session ends), and deletes it', async () => {
    const second = await e2e.openPage();
    await second.page.goto('/');
    await fillSignIn(second.page, newAdmin.email, newAdmin.password);
    await second.page.waitForURL('**/dashboard');

    await page.goto(`/admin-list/${newAdminId}`);
    await page.getByRole('radio', { name: 'Not Active' }).check();
    await page.getByRole('button', { name: 'Update Information' }).click();
    expect(await closeDialog('Data Update Success')).toContain('is Not Active');

    // Its open page is signed out by itself: the live-update stream ends with the session and the
    // console, told so, finds itself signed out (the stream checks every 2 s; a busy machine is slower).
    // Going to another page instead raced that sign-out. Signing in again is refused.
    await second.page.waitForURL((url) => url.pathname === '/', { timeout: 30_000 });
    await fillSignIn(second.page, newAdmin.email, newAdmin.password);
    await second.page.getByText('Credentials Error').waitFor();
    await second.context.close();

    await page.getByRole('button', { name: 'Delete Admin' }).click();
    await page
      .getByRole('dialog', { name: `Delete ${newAdmin.fullName}?` })
      .getByRole('button', { name: 'Delete' })
      .click();
    await closeDialog('Data Remove Successfuly');
    await page.waitForURL('**/admin-list');
    const grid = page.getByRole('grid', { name: 'Admins' });
    // The admins left: the e2e admin and one per role (support/server.ts), as the server counts them.
    const { count } = (await (await page.request.get(`${e2e.baseUrl}/api/admin/count/admins`)).json()) as { count: number };
    expect(count).toBe(Object.keys(e2eAdmins).length);
    await expect.poll(() => grid.locator('[role="row"][data-id]').count()).toBe(count);
    expect(await grid.locator(`[role="row"][data-id="${newAdminId}"]`).count()).toBe(0);
  });

  it('finds every one of those actions on the Audit Log page, filtered by action and by admin', async () => {
    await page.getByRole('navigation', { name: 'Main menu' }).first().getByRole('link', { name: 'Audit Log' }).click();
    await page.getByRole('heading', { level: 1, name: 'Audit Log' }).waitFor();
    const grid = page.getByRole('grid', { name: 'Audit Log' });
    const cells = (field: string) => grid.locator(`[role="row"][data-id] [data-field="${field}"]`).allTextContents();

    for (const [action, change] of [
      ['Admin added', '- → Activated'],
      ['Admin updated', 'Activated → Not Activated'],
      ['Admin deleted', 'Not Activated → Deleted'],
    ] as const) {
      await page.getByRole('combobox', { name: 'Action' }).click();
      await page.getByRole('option', { name: action, exact: true }).click();
      await expect.poll(async () => (await cells('change')).map((text) => text.split(' · ')[0])).toEqual([change]);
      expect(await cells('entity')).toEqual([`admin ${newAdminId}`]);
      expect((await cells('admin'))[0]).toContain('kasir.emas@example.com');
    }
    expect(new URL(page.url()).searchParams.get('action')).toBe('admin.delete');

    // The new admin's own sign-in, found by filtering on the admin.
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await page.getByRole('combobox', { name: 'Action' }).click();
    await page.getByRole('option', { name: 'Signed in', exact: true }).click();
    await expect.poll(async () => (await cells('admin')).some((text) => text.includes(newAdmin.email))).toBe(true);
  });

  it('shows a contact message sent to the public endpoint on the Contact List, as text', async () => {
    const message = '<b>Halo</b>, saya ingin membeli emas batangan.';
    const sent = await first.context.request.post(`${e2e.baseUrl}/api/contact`, {
      data: {
        fullname: 'Dewi Sartika',
        institutionName: 'Koperasi Maju',
        email: 'dewi@example.com',
        phoneNumber: '0812-9876-5432',
        message,
      },
    });
    expect(sent.status()).toBe(201);
    await page.goto('/contact-list');
    const card = page.getByRole('article', { name: 'Dewi Sartika' });
    await card.waitFor();
    expect(await card.textContent()).toContain(message);
    expect(await card.locator('b').count()).toBe(0);
    expect(await card.getByRole('link', { name: /^Phone Number: chat with Dewi Sartika/ }).getAttribute('href')).toBe(
      'https://wa.me/6281298765432',
    );
    expect(first.foreignRequests).toEqual([]);
    expect(first.pageErrors).toEqual([]);
  });
});
