import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { isOpenRedemption } from '@gold/contract';
import { jsonResponse } from '@/testing/http';
import { renderSignedIn, signInTestAdminAs } from '@/testing/render-app';
import { createHistoryEntry, createRedemption, redemptionServer, checkedDocument } from '@/testing/redemption-fixtures';

const verified = { verified: true, verifiedUntil: '2026-11-20T03:10:00.000Z', codeExpiresAt: null, attemptsLeft: 0, nextSendAt: null };

function field(label: string): string | null {
  const term = within(screen.getByRole('region', { name: /^Redemption \d+$/ }))
    .getAllByRole('term')
    .find((element) => element.textContent === label);
  return term ? (term.nextElementSibling?.textContent ?? null) : null;
}
const statusSelect = () => screen.getByRole('combobox', { name: 'Redemption Status' });
async function offered(): Promise<string[]> {
  fireEvent.mouseDown(statusSelect());
  const listbox = await screen.findByRole('listbox');
  const options = within(listbox)
    .getAllByRole('option')
    .filter((option) => option.getAttribute('aria-disabled') !== 'true')
    .map((option) => option.textContent ?? '');
  fireEvent.keyDown(listbox, { key: 'Escape' });
  await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull());
  return options;
}
async function choose(label: string) {
  fireEvent.mouseDown(statusSelect());
  fireEvent.click(await screen.findByRole('option', { name: label }));
}
const update = () => fireEvent.click(screen.getByRole('button', { name: 'Update Information' }));
const postsOf = (calls: Array<{ method: string; url: string; body: unknown }>) =>
  calls.filter((call) => call.method === 'POST').map((call) => [new URL(call.url, 'http://x').pathname.replace('/api', ''), call.body]);

function render(redemption: ReturnType<typeof createRedemption>, history = [createHistoryEntry()]) {
  const server = redemptionServer(redemption);
  const view = renderSignedIn(`/redemption-list/detail?id=${redemption.id}`, {
    ...server.handlers,
    [`GET /admin/redeem/${redemption.id}/history`]: () => jsonResponse(200, { data: history }),
  });
  return { ...view, server };
}

describe('/redemption-list/detail?id=', () => {
  // The counter's work (and its review page) is a Supervisor's or a Teller's.
  signInTestAdminAs({ role: 'Supervisor' });

  it('shows the redemption read-only and its history from the audit log', async () => {
    render(createRedemption({ id: 42, status: 'REJECTED', details: 'KTP does not match' }), [
      createHistoryEntry({ action: 'otp-sent', from: 'PREPARATION', to: 'PREPARATION', occurredAt: '2026-11-20T03:00:00Z' }),
      createHistoryEntry({
        action: 'reject',
        from: 'PREPARATION',
        to: 'REJECTED',
        reason: 'KTP does not match',
        occurredAt: '2026-11-20T03:02:00Z',
        admin: { id: 2, fullName: 'Budi Santoso' },
      }),
      createHistoryEntry({ action: 'archived-by-backend', from: null, to: null, admin: null, occurredAt: '2026-11-20T03:03:00Z' }),
    ]);
    expect(await screen.findByRole('heading', { level: 1, name: 'View Redemption Detail' })).toBeTruthy();
    await waitFor(() => expect(field('Fullname')).toBe('Siti Rahmawati'));
    expect(field('Redemption ID')).toBe('42');
    expect(field('Email')).toBe('siti@example.com');
    expect(field('Time Slot')).toBe('08:00 - 10:00 WIB');
    expect(field('Redeem Amount')).toBe('25,00 GIDR');
    expect(field('Status')).toBe('REJECTED');
    expect(field('Reject Reason')).toBe('KTP does not match');
    expect(screen.getByRole('link', { name: 'Siti Rahmawati' }).getAttribute('href')).toBe('/user-list/5042');

    const history = await screen.findByRole('table', { name: 'History' });
    const rows = within(history)
      .getAllByRole('row')
      .map((row) =>
        within(row)
          .queryAllByRole('cell')
          .map((cell) => cell.textContent),
      );
    expect(rows.slice(1)).toEqual([
      ['20 Nov 2026, 10.00 WIB', 'Ayu Lestari', 'Code sent', 'PREPARATION', 'PREPARATION', '-'],
      ['20 Nov 2026, 10.02 WIB', 'Budi Santoso', 'Rejected', 'PREPARATION', 'REJECTED', 'KTP does not match'],
      ['20 Nov 2026, 10.03 WIB', '-', 'archived-by-backend', '-', '-', '-'],
    ]);
  });

  it.each([
    ['REQUESTED', false, ['Reject (REJECTED)']],
    ['PREPARATION', false, ['Approve (ON_WEB2)', 'Reject (REJECTED)']],
    ['PREPARATION', true, ['Approve (ON_WEB2)', 'Reject (REJECTED)', 'Redeemed (REDEEMED)']],
    ['REJECTED', false, ['On Confirmation (REQUESTED)']],
    ['ON_WEB2', false, ['On Confirmation (REQUESTED)']],
  ] as const)('offers a %s redemption (code checked: %s) only what the server allows: %j', async (status, codeChecked, expected) => {
    render(createRedemption({ id: 5, status, ...(codeChecked ? { otpStatus: verified, identityCheck: checkedDocument } : {}) }));
    await waitFor(() => expect(field('Status')).toBe(status));
    expect(await offered()).toEqual(expected);
    // Before a code is checked, Redeemed is done on the review page.
    const hint = screen.queryByText(/needs the customer’s one-time code/);
    expect(hint !== null).toBe(isOpenRedemption(status) && !codeChecked);
    if (hint) expect(within(hint).getByRole('link', { name: 'check it on the review page' }).getAttribute('href')).toBe('/redeem?id=5');
  });

  it('offers nothing for a REDEEMED redemption', async () => {
    render(createRedemption({ id: 6, status: 'REDEEMED' }));
    await waitFor(() => expect(field('Status')).toBe('REDEEMED'));
    expect(statusSelect().getAttribute('aria-disabled')).toBe('true');
    expect(screen.getByText('No status change is possible from REDEEMED.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Update Information' }).hasAttribute('disabled')).toBe(true);
  });

  it('sends nothing until a status is chosen, or a reject without a reason', async () => {
    const { calls } = render(createRedemption({ id: 7, status: 'PREPARATION' }));
    await waitFor(() => expect(field('Status')).toBe('PREPARATION'));
    update();
    expect(await screen.findByText('Choose the new status first.')).toBeTruthy();
    await choose('Reject (REJECTED)');
    update();
    expect(await screen.findByText('Enter the reason for rejecting this redemption.')).toBeTruthy();
    expect(postsOf(calls)).toEqual([]);

    fireEvent.change(screen.getByLabelText('Reason'), { target: { value: 'Customer cancelled at the counter' } });
    update();
    expect(await screen.findByText('Redemption Rejected Successfully')).toBeTruthy();
    await waitFor(() => expect(field('Status')).toBe('REJECTED'));
    expect(postsOf(calls)).toEqual([['/admin/redeem/reject', { id: 7, reason: 'Customer cancelled at the counter' }]]);
    // Now REJECTED: the form offers what is allowed from there.
    expect(await offered()).toEqual(['On Confirmation (REQUESTED)']);
  });

  it('hands over (Redeemed: the approve call) while a code checked on the review page counts', async () => {
    const { calls, server } = render(
      createRedemption({ id: 8, status: 'PREPARATION', otpStatus: verified, identityCheck: checkedDocument }),
    );
    await waitFor(() => expect(field('Status')).toBe('PREPARATION'));
    await choose('Redeemed (REDEEMED)');
    update();
    expect(await screen.findByText('Redemption Approved Successfully')).toBeTruthy();
    await waitFor(() => expect(field('Status')).toBe('REDEEMED'));
    expect(server.current().status).toBe('REDEEMED');
    expect(postsOf(calls)).toEqual([['/admin/redeem/approve', { id: 8 }]]);
  });

  it('prepares (the Approve choice: off-platform) and resets, showing Fail: with the server’s message when refused', async () => {
    const { calls, server } = render(createRedemption({ id: 10, status: 'PREPARATION' }));
    await waitFor(() => expect(field('Status')).toBe('PREPARATION'));
    await choose('Approve (ON_WEB2)');
    update();
    expect(await screen.findByText('Redemption Approved Successfully')).toBeTruthy();
    await waitFor(() => expect(field('Status')).toBe('ON_WEB2'));

    server.fail('reset', () =>
      jsonResponse(409, { statusCode: 409, error: 'Conflict', message: 'Cannot reset a redemption that is REQUESTED' }),
    );
    await choose('On Confirmation (REQUESTED)');
    update();
    expect(await screen.findByText('Fail: Cannot reset a redemption that is REQUESTED')).toBeTruthy();
    expect(postsOf(calls)).toEqual([
      ['/admin/redeem/prepare', { id: 10 }],
      ['/admin/redeem/reset', { id: 10 }],
    ]);
  });
});
