import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { setUnauthorizedHandler } from '@/lib/api-client';
import { applyLanguage } from '@/lib/i18n';
import { failWith, heldAnswer, jsonResponse } from '@/testing/http';
import { renderSignedIn, testAdmin, signInTestAdminAs } from '@/testing/render-app';
import { checkedDocument, createRedemption, redemptionServer } from '@/testing/redemption-fixtures';

const region = (name: string) => screen.queryByRole('region', { name });
/** The value shown beside a label of the redemption's fields. */
function field(label: string): string | null {
  const term = within(screen.getByRole('region', { name: 'PHYSICAL GOLD REDEMPTION' }))
    .getAllByRole('term')
    .find((element) => element.textContent === label);
  return term ? (term.nextElementSibling?.textContent ?? null) : null;
}
const posts = (calls: Array<{ method: string; url: string; body: unknown }>) =>
  calls.filter((call) => call.method === 'POST').map((call) => [new URL(call.url, 'http://x').pathname.replace('/api', ''), call.body]);
const gets = (calls: Array<{ method: string; url: string }>, path: string) =>
  calls.filter((call) => call.method === 'GET' && call.url.endsWith(path)).length;

describe('/redeem?id=', () => {
  // The counter's work (and its review page) is a Supervisor's or a Teller's.
  signInTestAdminAs({ role: 'Supervisor' });

  it('shows Loading... until the redemption arrives, then every field of the spec', async () => {
    const redemption = createRedemption({ id: 42, status: 'PREPARATION', total: '25', totalFee: '0.5', timeSlot: 8 });
    const held = heldAnswer(() => jsonResponse(200, redemption));
    renderSignedIn('/redeem?id=42', { 'GET /admin/redeem/42': held.handler });
    expect(await screen.findByRole('heading', { level: 1, name: 'Redemption Review' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'PHYSICAL GOLD REDEMPTION' })).toBeTruthy();
    expect(screen.getByText('Loading...')).toBeTruthy();
    held.release();

    await waitFor(() => expect(field('Full Name')).toBe('Siti Rahmawati'));
    expect(screen.queryByText('Loading...')).toBeNull();
    expect(field('Redeem Amount')).toBe('25,00 GIDR');
    expect(field('Total Redemption Fee')).toBe('0,50 GIDR');
    expect(field('Redeem Status')).toBe('PREPARATION');
    expect(field('Collection Time')).toBe('23 Nov 2026');
    expect(field('Time Slot')).toBe('08:00 - 10:00 WIB');
    expect(screen.getByText('2 buah kepingan 10 gram')).toBeTruthy();
    expect(screen.getByText('1 buah kepingan 5 gram')).toBeTruthy();
    expect(field('Reject Reason')).toBeNull();
    const back = screen.getByRole('link', { name: 'Back to Home' });
    expect(back.getAttribute('href')).toBe('/dashboard');
  });

  it('says N/A for a missing name and the reject reason of a REJECTED redemption', async () => {
    const redemption = createRedemption({ id: 7, status: 'REJECTED', details: 'Customer did not come', user: { fullName: '  ' } });
    renderSignedIn('/redeem?id=7', { 'GET /admin/redeem/7': () => jsonResponse(200, redemption) });
    await waitFor(() => expect(field('Full Name')).toBe('N/A'));
    expect(field('Reject Reason')).toBe('Customer did not come');
  });

  it.each([
    ['REQUESTED', ['Redemption OTP Check', 'Redemption Rejection']],
    ['PREPARATION', ['Redemption OTP Check', 'Redemption Rejection']],
    ['REJECTED', ['Reset Redemption?']],
    ['ON_WEB2', ['Reset Redemption?']],
    ['REDEEMED', []],
  ] as const)('shows the sections a %s redemption has', async (status, shown) => {
    const redemption = createRedemption({ id: 3, status });
    renderSignedIn('/redeem?id=3', { 'GET /admin/redeem/3': () => jsonResponse(200, redemption) });
    await waitFor(() => expect(field('Redeem Status')).toBe(status));
    const sections = ['Redemption OTP Check', 'Redemption Rejection', 'Redemption Approval', 'Reset Redemption?'];
    expect(sections.filter((name) => region(name) !== null)).toEqual(shown);
    expect(screen.getByRole('link', { name: 'Back to Home' })).toBeTruthy();
  });

  it('collects at the counter: Send OTP, Check OTP, then Approve, and reloads the redemption', async () => {
    const server = redemptionServer(createRedemption({ id: 42, status: 'PREPARATION' }), { code: '042917' });
    const { calls } = renderSignedIn('/redeem?id=42', server.handlers);
    const otpCheck = await screen.findByRole('region', { name: 'Redemption OTP Check' });
    expect(region('Redemption Approval')).toBeNull();

    fireEvent.click(within(otpCheck).getByRole('button', { name: 'Send OTP' }));
    expect(await screen.findByText('OTP Sent Successfully')).toBeTruthy();
    expect(
      await within(otpCheck).findByText(
        /A code was sent to s\*\*\*@example\.com; it is valid until 20 Nov 2026, 10\.05 WIB \(5 tries left\)\./,
      ),
    ).toBeTruthy();

    fireEvent.change(within(otpCheck).getByLabelText('OTP'), { target: { value: '042917' } });
    fireEvent.click(within(otpCheck).getByRole('button', { name: 'Check OTP' }));
    expect(await screen.findByText('OTP Check Success')).toBeTruthy();
    const approval = await screen.findByRole('region', { name: 'Redemption Approval' });
    // Approve waits for the identity document: recorded after the code, before the hand-over.
    expect(within(approval).getByRole('button', { name: 'Approve' }).hasAttribute('disabled')).toBe(true);
    expect(within(approval).getByText('Record the identity document first.')).toBeTruthy();
    const identity = screen.getByRole('region', { name: 'Identity Document' });
    fireEvent.click(within(identity).getByRole('button', { name: 'Record identity check' }));
    expect(await within(identity).findByText('Choose the document you checked.')).toBeTruthy();
    fireEvent.mouseDown(within(identity).getByRole('combobox', { name: 'Document type' }));
    fireEvent.click(await screen.findByRole('option', { name: 'KTP (identity card)' }));
    fireEvent.change(within(identity).getByLabelText('Last 4 characters'), { target: { value: '12' } });
    fireEvent.click(within(identity).getByRole('button', { name: 'Record identity check' }));
    expect(await within(identity).findByText('Enter the last 4 letters or digits of the document number.')).toBeTruthy();
    fireEvent.change(within(identity).getByLabelText('Last 4 characters'), { target: { value: '0001' } });
    fireEvent.click(within(identity).getByRole('button', { name: 'Record identity check' }));
    expect(await screen.findByText('Identity check recorded')).toBeTruthy();
    expect(await within(identity).findByText(/KTP \(identity card\) ending 0001, checked by Ayu Lestari/)).toBeTruthy();
    await waitFor(() => expect(within(approval).getByRole('button', { name: 'Approve' }).hasAttribute('disabled')).toBe(false));

    const loadsBefore = gets(calls, '/admin/redeem/42');
    fireEvent.click(within(approval).getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('Redemption Approved Successfully')).toBeTruthy();
    await waitFor(() => expect(field('Redeem Status')).toBe('REDEEMED'));
    await waitFor(() => expect(gets(calls, '/admin/redeem/42')).toBeGreaterThan(loadsBefore));
    expect(region('Redemption OTP Check')).toBeNull();
    expect(region('Redemption Approval')).toBeNull();
    expect(posts(calls)).toEqual([
      ['/admin/redeem/sendotp', { id: 42 }],
      ['/admin/redeem/checkotp', { id: 42, otp: '042917' }],
      ['/admin/redeem/42/identity-check', { documentType: 'KTP', last4: '0001' }],
      ['/admin/redeem/approve', { id: 42 }],
    ]);
  });

  it('trusts the server’s checked code after a reload: Approval shows at once', async () => {
    const redemption = createRedemption({
      id: 9,
      status: 'REQUESTED',
      otpStatus: { verified: true, verifiedUntil: '2026-11-20T03:10:00.000Z', codeExpiresAt: null, attemptsLeft: 0, nextSendAt: null },
    });
    renderSignedIn('/redeem?id=9', { 'GET /admin/redeem/9': () => jsonResponse(200, redemption) });
    expect(await screen.findByRole('region', { name: 'Redemption Approval' })).toBeTruthy();
    expect(screen.getByText('Code checked: approve before 20 Nov 2026, 10.10 WIB.')).toBeTruthy();
  });

  it('sends nothing for a code that is not 6 digits, and says why', async () => {
    const server = redemptionServer(createRedemption({ id: 5, status: 'REQUESTED' }));
    const { calls } = renderSignedIn('/redeem?id=5', server.handlers);
    const otpCheck = await screen.findByRole('region', { name: 'Redemption OTP Check' });
    const input = within(otpCheck).getByLabelText('OTP');
    const check = within(otpCheck).getByRole('button', { name: 'Check OTP' });

    fireEvent.click(check);
    expect(await within(otpCheck).findByText('Enter the 6-digit code the customer received.')).toBeTruthy();
    for (const typed of ['12345', '12a456', '-12345', '12 345', '1234.5']) {
      fireEvent.change(input, { target: { value: typed } });
      fireEvent.click(check);
      expect(await within(otpCheck).findByText('The code is exactly 6 digits (0-9).')).toBeTruthy();
    }
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(posts(calls)).toEqual([]);
  });

  it('shows Fail: with the server’s message when a code is wrong or cannot be sent', async () => {
    const server = redemptionServer(createRedemption({ id: 5, status: 'REQUESTED' }), { code: '111111' });
    renderSignedIn('/redeem?id=5', server.handlers);
    const otpCheck = await screen.findByRole('region', { name: 'Redemption OTP Check' });
    fireEvent.change(within(otpCheck).getByLabelText('OTP'), { target: { value: '222222' } });
    fireEvent.click(within(otpCheck).getByRole('button', { name: 'Check OTP' }));
    expect(await screen.findByText('Fail: Wrong code: 4 tries left')).toBeTruthy();
    expect(region('Redemption Approval')).toBeNull();

    server.fail('sendotp', () =>
      jsonResponse(429, {
        statusCode: 429,
        error: 'Too Many Requests',
        message: 'A code was sent less than 60 seconds ago: wait 42 s before sending another',
      }),
    );
    fireEvent.click(within(otpCheck).getByRole('button', { name: 'Send OTP' }));
    expect(await screen.findByText('Fail: A code was sent less than 60 seconds ago: wait 42 s before sending another')).toBeTruthy();
  });

  it('speaks Indonesian when the admin chose it: the review, its status, and the server’s refusal with its figures', async () => {
    const server = redemptionServer(createRedemption({ id: 5, status: 'REQUESTED' }), { code: '111111' });
    try {
      renderSignedIn('/redeem?id=5', {
        ...server.handlers,
        'GET /account/session': () => jsonResponse(200, { admin: { ...testAdmin, role: 'Supervisor', language: 'id' } }),
      });
      const otpCheck = await screen.findByRole('region', { name: 'Pemeriksaan OTP Penukaran' });
      const summary = screen.getByRole('region', { name: 'PENUKARAN EMAS FISIK' });
      await waitFor(() => expect(within(summary).getByText('Status Penukaran').nextElementSibling?.textContent).toBe('DIMINTA'));
      expect(
        within(otpCheck).getByText('Tidak ada kode yang menunggu: Kirim OTP mengirimkan kode lewat e-mail kepada nasabah.'),
      ).toBeTruthy();
      expect(region('Penolakan Penukaran')).not.toBeNull();
      fireEvent.change(within(otpCheck).getByLabelText('OTP'), { target: { value: '222222' } });
      fireEvent.click(within(otpCheck).getByRole('button', { name: 'Periksa OTP' }));
      expect(await screen.findByText('Gagal: Kode salah: sisa 4 percobaan')).toBeTruthy();
    } finally {
      await applyLanguage('en');
    }
  });

  it('shows Fail: when the server refuses the approval, and keeps the redemption as the server has it', async () => {
    const verified = { verified: true, verifiedUntil: '2026-11-20T03:10:00.000Z', codeExpiresAt: null, attemptsLeft: 0, nextSendAt: null };
    const server = redemptionServer(
      createRedemption({ id: 8, status: 'PREPARATION', otpStatus: verified, identityCheck: checkedDocument }),
    );
    server.fail('approve', failWith(409, 'Cannot approve: not enough pieces in the vault: 10 g (2 requested, 1 available)'));
    renderSignedIn('/redeem?id=8', server.handlers);
    const approval = await screen.findByRole('region', { name: 'Redemption Approval' });
    fireEvent.click(within(approval).getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('Fail: Cannot approve: not enough pieces in the vault: 10 g (2 requested, 1 available)')).toBeTruthy();
    expect(field('Redeem Status')).toBe('PREPARATION');
  });

  it('rejects with a required reason, then reloads: REJECTED with the reason and the reset section', async () => {
    const server = redemptionServer(createRedemption({ id: 11, status: 'REQUESTED' }));
    const { calls } = renderSignedIn('/redeem?id=11', server.handlers);
    const rejection = await screen.findByRole('region', { name: 'Redemption Rejection' });

    fireEvent.click(within(rejection).getByRole('button', { name: 'Reject' }));
    expect(await within(rejection).findByText('Enter the reason for rejecting this redemption.')).toBeTruthy();
    fireEvent.change(within(rejection).getByLabelText('Reason'), { target: { value: '   ' } });
    fireEvent.click(within(rejection).getByRole('button', { name: 'Reject' }));
    expect(await within(rejection).findByText('Enter the reason for rejecting this redemption.')).toBeTruthy();
    fireEvent.change(within(rejection).getByLabelText('Reason'), { target: { value: 'x'.repeat(501) } });
    fireEvent.click(within(rejection).getByRole('button', { name: 'Reject' }));
    expect(await within(rejection).findByText('The reason can have at most 500 characters.')).toBeTruthy();
    expect(posts(calls)).toEqual([]);

    fireEvent.change(within(rejection).getByLabelText('Reason'), { target: { value: '  KTP does not match the customer  ' } });
    fireEvent.click(within(rejection).getByRole('button', { name: 'Reject' }));
    expect(await screen.findByText('Redemption Rejected Successfully')).toBeTruthy();
    await waitFor(() => expect(field('Redeem Status')).toBe('REJECTED'));
    expect(field('Reject Reason')).toBe('KTP does not match the customer');
    expect(region('Reset Redemption?')).toBeTruthy();
    expect(posts(calls)).toEqual([['/admin/redeem/reject', { id: 11, reason: 'KTP does not match the customer' }]]);
  });

  it('resets a REJECTED redemption back to REQUESTED', async () => {
    const server = redemptionServer(createRedemption({ id: 12, status: 'REJECTED' }));
    const { calls } = renderSignedIn('/redeem?id=12', server.handlers);
    const reset = await screen.findByRole('region', { name: 'Reset Redemption?' });
    fireEvent.click(within(reset).getByRole('button', { name: 'Reset' }));
    expect(await screen.findByText('Redemption Reset Successfully')).toBeTruthy();
    await waitFor(() => expect(field('Redeem Status')).toBe('REQUESTED'));
    expect(region('Redemption OTP Check')).toBeTruthy();
    expect(posts(calls)).toEqual([['/admin/redeem/reset', { id: 12 }]]);
  });

  it('tells a teller of another location why they cannot act, and offers no counter section', async () => {
    const redemption = createRedemption({ id: 14, status: 'PREPARATION', allowedActions: [] });
    renderSignedIn(
      '/redeem?id=14',
      { 'GET /admin/redeem/14': () => jsonResponse(200, redemption) },
      { as: { role: 'Teller', locationId: 2 } },
    );
    expect(
      await screen.findByText(
        'This redemption is collected at JKT-01 — Jakarta Pusat. You serve another location, so you cannot act on it.',
      ),
    ).toBeTruthy();
    for (const name of ['Redemption OTP Check', 'Identity Document', 'Redemption Approval', 'Redemption Rejection'])
      expect(region(name)).toBeNull();
  });

  it('says a large hand-over waits for a supervisor, with its maker and the way to Confirmations', async () => {
    const pendingConfirmation = { id: 31, createdAt: '2026-11-20T03:05:00.000Z', maker: { id: 4, fullName: 'Teller Jakarta' } };
    const redemption = createRedemption({ id: 15, status: 'PREPARATION', pendingConfirmation, allowedActions: ['sendotp', 'checkotp'] });
    renderSignedIn('/redeem?id=15', { 'GET /admin/redeem/15': () => jsonResponse(200, redemption) });
    await screen.findByText('Waiting for a supervisor’s confirmation');
    const notice = screen.getAllByRole('status').find((element) => element.textContent?.includes('Waiting for a supervisor'))!;
    expect(notice.textContent).toContain('Teller Jakarta sent this hand-over for confirmation');
    expect(within(notice).getByRole('link', { name: 'Open Confirmations' }).getAttribute('href')).toBe('/confirmations');
    expect(region('Redemption Approval')).toBeNull();
  });

  it('asks nothing without a valid id, and shows the server’s message for an unknown one', async () => {
    const first = renderSignedIn('/redeem?id=abc');
    expect(await screen.findByText('No redemption selected.')).toBeTruthy();
    // The menu's count of pending confirmations is the frame's, not the page's.
    expect(first.calls.filter((call) => call.url.includes('/admin/') && !call.url.includes('/admin/confirmations'))).toEqual([]);
    first.unmount();

    renderSignedIn('/redeem?id=999', { 'GET /admin/redeem/999': failWith(404, 'Redemption 999 not found') });
    expect(await screen.findByText('Redemption 999 not found')).toBeTruthy();
  });

  it('goes to sign-in when the session has ended (401)', async () => {
    const goTo = vi.fn();
    const previous = setUnauthorizedHandler(goTo);
    // The API client reads the browser's address (a memory router leaves jsdom's at '/', the sign-in page).
    window.history.replaceState(null, '', '/redeem?id=4');
    try {
      renderSignedIn('/redeem?id=4', { 'GET /admin/redeem/4': failWith(401, 'Sign in first') });
      await waitFor(() => expect(goTo).toHaveBeenCalledWith('/?redirect=%2Fredeem&param=id%3D4'));
    } finally {
      setUnauthorizedHandler(previous);
      window.history.replaceState(null, '', '/');
    }
  });
});
