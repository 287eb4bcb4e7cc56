import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { CustomerDetail } from '@gold/contract';
import { balancesServer } from '@/testing/balances-server';
import { createCustomer } from '@/testing/data-generators';
import { failWith, heldAnswer, inTurn, jsonResponse } from '@/testing/http';
import { renderSignedIn } from '@/testing/render-app';
import { customerScreenHandlers } from '@/testing/customer-screen-handlers';

const wallet = '0x9f8e7d6c5b4a39281706f5e4d3c2b1a098765432';

/** Customer 42 with every field of the detail page filled in, KYC verified. */
function customer(overrides: Partial<CustomerDetail> = {}): CustomerDetail {
  return {
    ...createCustomer({
      id: 42,
      fullName: 'Siti Rahmawati',
      email: 'siti@example.com',
      dob: '1991-03-05',
      gender: 'FEMALE',
      province: 'Bali',
      walletAddress: wallet,
      createdAt: '2025-02-28T20:30:00Z',
    }),
    address: 'Jl. Raya Ubud No. 8, Gianyar',
    nik: '5104014503910002',
    phoneNumber: '+6281234567890',
    Wallet: { publicAddress: wallet },
    notifications: [
      { status: 'FAILED', referenceNumber: 'KYC-0001', createdAt: '2025-03-01T02:00:00Z' },
      { status: 'SUCCESS', referenceNumber: 'KYC-0002', createdAt: '2025-03-02T02:00:00Z' },
    ],
    kycReferenceNumber: 'KYC-0002',
    ...overrides,
  } as CustomerDetail;
}

const answer = (detail: CustomerDetail) => () => jsonResponse(200, detail);
const section = () => screen.getByRole('region', { name: /Siti Rahmawati|User \d+|^User$/ });
/** The value shown beside a label of the description list. */
const field = (label: string) => {
  const term = Array.from(document.querySelectorAll('dt')).find((dt) => dt.textContent === label);
  return term?.nextElementSibling?.textContent ?? null;
};
const labels = () => Array.from(document.querySelectorAll('dt'), (dt) => dt.textContent);

describe('/user-list/:id', () => {
  it('shows every field of the customer read-only, the KYC reference and the wallet’s balances', async () => {
    const balances = balancesServer({ [wallet]: { token: '1234.5', native: '0.125' } });
    renderSignedIn('/user-list/42', { 'GET /admin/users/42': answer(customer()), 'GET /admin/balances': balances });
    expect(await screen.findByRole('heading', { level: 1, name: 'View User Detail' })).toBeTruthy();
    expect(await screen.findByRole('heading', { level: 2, name: 'Siti Rahmawati' })).toBeTruthy();
    await waitFor(() => expect(field('GIDR Balance')).toBe('1.234,50'));

    expect(labels()).toEqual([
      'NIK',
      'Fullname',
      'Email',
      'Email Status',
      'Phone',
      'Date of Birth',
      'Gender',
      'Address',
      'Province',
      'Public Wallet Address',
      'GIDR Balance',
      'Polygon Balance',
      'KYC Status',
      'KYC Reference ID',
      'Registered',
    ]);
    expect(field('NIK')).toBe('5104014503910002');
    expect(field('Fullname')).toBe('Siti Rahmawati');
    expect(field('Email')).toBe('siti@example.com');
    expect(field('Email Status')).toBe('VERIFIED');
    expect(field('Phone')).toBe('+6281234567890');
    expect(field('Date of Birth')).toBe('05 Mar 1991');
    expect(field('Gender')).toBe('Female');
    expect(field('Address')).toBe('Jl. Raya Ubud No. 8, Gianyar');
    expect(field('Province')).toBe('Bali');
    expect(field('Public Wallet Address')).toBe(wallet);
    expect(field('Polygon Balance')).toBe('0,13');
    expect(field('KYC Status')).toBe('VERIFIED');
    expect(field('KYC Reference ID')).toBe('KYC-0002');
    // 20:30 UTC on 28 February is 1 March, 03.30 in Jakarta.
    expect(field('Registered')).toBe('01 Mar 2025, 03.30 WIB');
    expect(balances.requests).toEqual([[wallet]]);
    // Read-only: nothing to type into.
    expect(screen.queryAllByRole('textbox')).toEqual([]);
    expect(screen.getByRole('link', { name: 'Back to User List' }).getAttribute('href')).toBe('/user-list');
  });

  it('copies the whole wallet address', async () => {
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderSignedIn('/user-list/42', { 'GET /admin/users/42': answer(customer()), 'GET /admin/balances': balancesServer() });
    fireEvent.click(await screen.findByRole('button', { name: 'copy wallet address' }));
    expect(writeText).toHaveBeenCalledWith(wallet);
    expect(await screen.findByText('Wallet address copied')).toBeTruthy();
  });

  it('shows a dash for every missing value, no KYC reference unless verified, and asks no balances without a wallet', async () => {
    const detail = customer({
      nik: null,
      phoneNumber: '  ',
      dob: null,
      gender: null,
      address: null,
      province: null,
      walletAddress: null,
      Wallet: null,
      emailStatus: 'UNVERIFIED',
      ekycStatus: 'PENDING',
      notifications: [],
      kycReferenceNumber: null,
    });
    const { calls } = renderSignedIn('/user-list/42', { 'GET /admin/users/42': answer(detail) });
    await screen.findByRole('heading', { level: 2, name: 'Siti Rahmawati' });
    for (const label of ['NIK', 'Phone', 'Date of Birth', 'Gender', 'Address', 'Province', 'Public Wallet Address']) {
      expect(field(label), label).toBe('-');
    }
    expect(field('GIDR Balance')).toBe('-');
    expect(field('Polygon Balance')).toBe('-');
    expect(field('Email Status')).toBe('Unverified');
    expect(field('KYC Status')).toBe('PENDING');
    expect(labels()).not.toContain('KYC Reference ID');
    expect(calls.filter((call) => call.url.includes('/admin/balances'))).toEqual([]);
  });

  it('shows a dash for the KYC reference of a verified customer without a SUCCESS notification', async () => {
    const detail = customer({ notifications: [], kycReferenceNumber: null });
    renderSignedIn('/user-list/42', { 'GET /admin/users/42': answer(detail), 'GET /admin/balances': balancesServer() });
    await screen.findByRole('heading', { level: 2, name: 'Siti Rahmawati' });
    expect(field('KYC Reference ID')).toBe('-');
  });

  it('shows a spinner for each balance while it loads, then a dash and a retry when the chain cannot be read', async () => {
    const held = heldAnswer(failWith(503, 'Balances could not be read from the chain: no answer in 5000 ms'));
    const balances = balancesServer({ [wallet]: { token: '7', native: '1.005' } });
    renderSignedIn('/user-list/42', {
      'GET /admin/users/42': answer(customer()),
      'GET /admin/balances': inTurn(held.handler, balances),
    });
    expect(await screen.findByRole('progressbar', { name: 'Loading GIDR balance' })).toBeTruthy();
    expect(screen.getByRole('progressbar', { name: 'Loading POL balance' })).toBeTruthy();
    held.release();
    const retry = await screen.findByRole('button', { name: 'Retry reading the GIDR balance' });
    expect(field('GIDR Balance')).toBe('-');
    expect(field('Fullname')).toBe('Siti Rahmawati');
    fireEvent.click(retry);
    await waitFor(() => expect(field('GIDR Balance')).toBe('7,00'));
    expect(field('Polygon Balance')).toBe('1,01');
  });

  it('says ‘Loading...’ until the customer arrives', async () => {
    const held = heldAnswer(answer(customer()));
    renderSignedIn('/user-list/42', { 'GET /admin/users/42': held.handler, 'GET /admin/balances': balancesServer() });
    const status = await screen.findByRole('status');
    expect(status.textContent).toBe('Loading...');
    held.release();
    await screen.findByRole('heading', { level: 2, name: 'Siti Rahmawati' });
  });

  it('says clearly that an unknown customer was not found, with a link back to the list', async () => {
    renderSignedIn('/user-list/999', { ...customerScreenHandlers, 'GET /admin/users/999': failWith(404, 'User 999 not found') });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('User 999 not found. The link may be mistyped, or the user no longer exists.');
    expect(within(section()).queryByRole('button', { name: 'Retry' })).toBeNull();
    fireEvent.click(screen.getByRole('link', { name: 'Back to User List' }));
    // The User List's screen (a data grid) is loaded the first time it is opened: on a busy machine that takes a while.
    expect(await screen.findByRole('heading', { level: 1, name: 'User List' }, { timeout: 30_000 })).toBeTruthy();
  });

  it('asks nothing for an id the API would refuse', async () => {
    const { calls } = renderSignedIn('/user-list/abc');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('There is no user at this address');
    expect(calls.filter((call) => call.url.includes('/admin/users'))).toEqual([]);
  });

  it('shows the server’s message when the customer cannot be read, and Retry loads it', async () => {
    renderSignedIn('/user-list/42', {
      'GET /admin/users/42': inTurn(failWith(500, 'The database did not answer in time'), answer(customer())),
      'GET /admin/balances': balancesServer(),
    });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The database did not answer in time');
    fireEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Siti Rahmawati' })).toBeTruthy();
  });
});
