import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { contactListQuery } from '@gold/contract';
import { failWith, heldAnswer, jsonResponse } from '@/testing/http';
import { countAnswer, listServer } from '@/testing/list-server';
import { applyLanguage } from '@/lib/i18n';
import { currentUrl, renderSignedIn, testAdmin } from '@/testing/render-app';
import { createContact } from '@/testing/admin-fixtures';

const cards = () => screen.queryAllByRole('article');
const senders = () => cards().map((card) => card.querySelector('h3')?.textContent);
const contacts = (n: number) => Array.from({ length: n }, (_, index) => createContact({ id: index + 1 }));

describe('/contact-list', () => {
  it("shows 'Submitted Contacts' and the newest messages as cards, 6 to a page, paged on the server with the page in the URL", async () => {
    const server = listServer(contactListQuery, contacts(8));
    const { router } = renderSignedIn('/contact-list', { 'GET /admin/messages': server, 'GET /admin/count/messages': countAnswer(8) });
    await waitFor(() => expect(senders()).toEqual(['Sender 08', 'Sender 07', 'Sender 06', 'Sender 05', 'Sender 04', 'Sender 03']));
    expect(within(screen.getByRole('region', { name: 'Submitted Contacts' })).getByText('8')).toBeTruthy();
    expect(server.queries).toEqual([{ limit: 6, page: 0, sort: 'createdAt', order: 'desc' }]);

    fireEvent.click(screen.getByRole('button', { name: 'Go to page 2' }));
    await waitFor(() => expect(senders()).toEqual(['Sender 02', 'Sender 01']));
    expect(server.lastQuery()).toMatchObject({ limit: 6, page: 1 });
    expect(currentUrl(router)).toBe('/contact-list?page=2');
  });

  it('shows date, sender, institution and message, with Email (mailto) and Phone Number (chat link) buttons', async () => {
    const message = createContact({
      id: 3,
      fullname: 'Dewi Sartika',
      institutionName: 'Koperasi Maju',
      email: 'dewi@example.com',
      createdAt: '2025-03-05T07:30:00Z',
      message: 'Halo,\nsaya ingin bertanya.',
      phoneNumber: '+6281298765432',
      chatNumber: '6281298765432',
    });
    const noPhone = createContact({ id: 2, fullname: 'Tanpa Telepon', phoneNumber: null, chatNumber: null, institutionName: null });
    renderSignedIn('/contact-list', {
      'GET /admin/messages': listServer(contactListQuery, [message, noPhone]),
      'GET /admin/count/messages': countAnswer(2),
    });
    const card = await screen.findByRole('article', { name: 'Dewi Sartika' });
    expect(card.textContent).toContain('05 Mar 2025, 14.30 WIB');
    expect(card.textContent).toContain('Koperasi Maju');
    expect(card.textContent).toContain('Halo,\nsaya ingin bertanya.');
    expect(within(card).getByRole('link', { name: 'Email Dewi Sartika (dewi@example.com)' }).getAttribute('href')).toBe(
      'mailto:dewi%40example.com',
    );
    const chat = within(card).getByRole('link', { name: 'Phone Number: chat with Dewi Sartika on +6281298765432' });
    expect(chat.getAttribute('href')).toBe('https://wa.me/6281298765432');
    expect(chat.textContent).toBe('Phone Number');
    const other = screen.getByRole('article', { name: 'Tanpa Telepon' });
    expect(within(other).queryByRole('link', { name: /chat with/ })).toBeNull();
    expect(other.textContent).toContain('No phone number');
  });

  it('shows a message full of HTML as inert text', async () => {
    const hostile = '<img src=x onerror="window.hacked=1"><script>window.hacked=1</script><b>bold</b>';
    renderSignedIn('/contact-list', {
      'GET /admin/messages': listServer(contactListQuery, [createContact({ id: 1, message: hostile, fullname: '<i>Eve</i>' })]),
      'GET /admin/count/messages': countAnswer(1),
    });
    const card = await screen.findByRole('article', { name: '<i>Eve</i>' });
    expect(card.textContent).toContain(hostile);
    expect(card.querySelector('img, script, b, i')).toBeNull();
    expect((window as { hacked?: number }).hacked).toBeUndefined();
  });

  it("shows a spinner while loading, then 'No contact data yet!'", async () => {
    const held = heldAnswer(listServer(contactListQuery, []));
    renderSignedIn('/contact-list', { 'GET /admin/messages': held.handler, 'GET /admin/count/messages': countAnswer(0) });
    expect(await screen.findByRole('progressbar', { name: 'Loading contacts' })).toBeTruthy();
    held.release();
    expect(await screen.findByText('No contact data yet!')).toBeTruthy();
  });

  it("shows the server's message with Retry when the messages cannot be read", async () => {
    renderSignedIn('/contact-list', {
      'GET /admin/messages': failWith(503, 'Database unavailable'),
      'GET /admin/count/messages': countAnswer(0),
    });
    expect(await screen.findByText('Database unavailable')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy();
  });

  it('speaks Indonesian when the admin chose it: title, count card and the cards’ buttons', async () => {
    try {
      const withPhone = createContact({
        id: 2,
        fullname: 'Dewi Sartika',
        email: 'dewi@example.com',
        phoneNumber: '+6281298765432',
        chatNumber: '6281298765432',
      });
      const noPhone = createContact({ id: 1, fullname: 'Tanpa Telepon', phoneNumber: null, chatNumber: null });
      renderSignedIn('/contact-list', {
        'GET /account/session': () => jsonResponse(200, { admin: { ...testAdmin, language: 'id' } }),
        'GET /admin/messages': listServer(contactListQuery, [withPhone, noPhone]),
        'GET /admin/count/messages': countAnswer(2),
      });
      expect(await screen.findByRole('heading', { level: 1, name: 'Daftar Kontak' })).toBeTruthy();
      const card = await screen.findByRole('article', { name: 'Dewi Sartika' });
      expect(within(screen.getByRole('region', { name: 'Kontak Masuk' })).getByText('2')).toBeTruthy();
      expect(within(card).getByRole('link', { name: 'Kirim email ke Dewi Sartika (dewi@example.com)' }).textContent).toBe('Email');
      expect(within(card).getByRole('link', { name: 'Nomor Telepon: chat dengan Dewi Sartika di +6281298765432' }).textContent).toBe(
        'Nomor Telepon',
      );
      expect(screen.getByRole('article', { name: 'Tanpa Telepon' }).textContent).toContain('Tidak ada nomor telepon');
    } finally {
      await applyLanguage('en');
    }
  });
});
