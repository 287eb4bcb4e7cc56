import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { errorBody, failWith, inTurn, jsonResponse } from '@/testing/http';
import { renderSignedIn, testAdmin } from '@/testing/render-app';
import { accountScreenHandlers, testProfile } from '@/testing/account-screen-handlers';

const recoveryCodes = Array.from({ length: 10 }, (_, i) => `abcd${i}-efgh${i}`);
const setupAnswer = {
  secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
  otpauthUri: 'otpauth://totp/Gold%20Back%20Office:ayu%40example.com?secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
  qrCodeDataUrl: 'data:image/png;base64,iVBORw0KGgo=',
};

const section = (name: string) => screen.findByRole('region', { name });

/** The phone field once its code has loaded (a disabled stand-in shows before). */
async function phoneField(): Promise<HTMLInputElement> {
  const field = () => screen.getByRole('textbox', { name: 'Phone Number' }) as HTMLInputElement;
  await waitFor(() => expect(field().disabled).toBe(false));
  return field();
}

describe('Profile', () => {
  it('shows the signed-in admin’s name and e-mail, and updates the phone number', async () => {
    const { calls } = renderSignedIn('/profile', {
      ...accountScreenHandlers,
      'POST /account/profile': ({ body }) =>
        jsonResponse(200, { data: testProfile({ phoneNumber: (body as { phoneNumber: string }).phoneNumber.replace(/\s/g, '') }) }),
    });
    const account = await section('Account');
    expect(within(account).getByText(testAdmin.fullName)).toBeTruthy();
    expect(within(account).getByText(testAdmin.email)).toBeTruthy();

    const phone = await phoneField();
    expect(phone.value.replace(/\s/g, '')).toBe(testAdmin.phoneNumber);
    fireEvent.change(phone, { target: { value: '+62 811 2222 3333' } });
    fireEvent.click(screen.getByRole('button', { name: 'Update Profile' }));
    expect(await screen.findByText('Data Update Success')).toBeTruthy();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ phoneNumber: '+62 811 2222 3333' });
  });

  it('shows the server’s reason under the phone field when the number is refused', async () => {
    renderSignedIn('/profile', {
      ...accountScreenHandlers,
      'POST /account/profile': failWith(400, 'body.phoneNumber: phoneNumber is not a valid phone number'),
    });
    const phone = await phoneField();
    fireEvent.change(phone, { target: { value: '+62 12' + '3456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Update Profile' }));
    expect(await screen.findByText('phoneNumber is not a valid phone number')).toBeTruthy();
    expect(screen.getByText('Data Update Error: phoneNumber is not a valid phone number')).toBeTruthy();
  });

  it('changes the password only with the current one: a mismatch is refused on the page, the server’s policy is shown', async () => {
    const { calls } = renderSignedIn('/profile', {
      ...accountScreenHandlers,
      'POST /account/password': inTurn(
        failWith(400, 'body.password: password is too common; choose a longer or less predictable one'),
        () => jsonResponse(200, { changed: true, endedSessions: 2 }),
      ),
    });
    const form = within(await section('Password'));
    const type = (label: string, value: string) => fireEvent.change(form.getByLabelText(label), { target: { value } });
    type('Current Password', 'the old long passphrase');
    type('Password', 'a brand new passphrase');
    type('Confirm Password', 'a brand new passphrase!');
    fireEvent.click(form.getByRole('button', { name: 'Change Password' }));
    expect(await form.findByText('Password is Not Match')).toBeTruthy();
    expect(calls.some((c) => c.url.includes('/account/password'))).toBe(false);

    const current = form.getByLabelText('Current Password') as HTMLInputElement;
    fireEvent.click(form.getAllByRole('button', { name: 'show password' })[0]!);
    expect(current.type).toBe('text');

    type('Password', 'password1234');
    type('Confirm Password', 'password1234');
    fireEvent.click(form.getByRole('button', { name: 'Change Password' }));
    expect(await form.findByText('password is too common; choose a longer or less predictable one')).toBeTruthy();

    type('Password', 'a brand new passphrase');
    type('Confirm Password', 'a brand new passphrase');
    fireEvent.click(form.getByRole('button', { name: 'Change Password' }));
    expect(await screen.findByText('Password changed. 2 other sessions signed out.')).toBeTruthy();
    expect(calls.filter((c) => c.url.includes('/account/password')).at(-1)?.body).toEqual({
      currentPassword: 'the old long passphrase',
      password: 'a brand new passphrase',
      confirmPassword: 'a brand new passphrase',
    });
    await waitFor(() => expect(current.value).toBe(''));
  });

  it('shows a wrong current password under its field, and when to try again once throttled', async () => {
    renderSignedIn('/profile', {
      ...accountScreenHandlers,
      'POST /account/password': inTurn(failWith(400, 'body.currentPassword: the current password is wrong'), () =>
        jsonResponse(429, errorBody(429, 'Too Many Requests', 'Too many sign-in attempts.'), { 'retry-after': '600' }),
      ),
    });
    const form = within(await section('Password'));
    const send = () => {
      fireEvent.change(form.getByLabelText('Current Password'), { target: { value: 'not my password' } });
      fireEvent.change(form.getByLabelText('Password'), { target: { value: 'a brand new passphrase' } });
      fireEvent.change(form.getByLabelText('Confirm Password'), { target: { value: 'a brand new passphrase' } });
      fireEvent.click(form.getByRole('button', { name: 'Change Password' }));
    };
    send();
    expect(await form.findByText('the current password is wrong')).toBeTruthy();
    send();
    expect(await form.findByText('Too many sign-in attempts. Try again in 10 minutes.')).toBeTruthy();
  });

  it('enrols a second factor: QR code and key, a 6-digit code, then the ten recovery codes once; then shows it is on', async () => {
    let enabled = false;
    const { calls } = renderSignedIn('/profile', {
      'GET /account/profile': () => jsonResponse(200, { data: testProfile({ twoFactorEnabled: enabled }) }),
      'POST /account/two-factor/setup': () => jsonResponse(200, setupAnswer),
      'POST /account/two-factor/enable': inTurn(failWith(400, 'body.code: the code is not valid; check the time on your device'), () => {
        enabled = true;
        return jsonResponse(200, { recoveryCodes });
      }),
    });
    const twoFactor = within(await section('Two-Factor Sign-In'));
    expect(twoFactor.getByText('Off')).toBeTruthy();
    fireEvent.click(twoFactor.getByRole('button', { name: 'Set Up Two-Factor Sign-In' }));
    // Binding an authenticator needs the password (a session alone does not suffice).
    const confirm = await screen.findByRole('dialog', { name: 'Set Up Two-Factor Sign-In' });
    fireEvent.change(within(confirm).getByLabelText(/Your password/), { target: { value: 'Emas-Batangan 24 karat!' } });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Continue' }));
    const qr = (await twoFactor.findByRole('img', { name: 'QR code for the authenticator app' })) as HTMLImageElement;
    expect(qr.src).toBe(setupAnswer.qrCodeDataUrl);
    expect(twoFactor.getByTestId('two-factor-secret').textContent?.replace(/\s/g, '')).toBe(setupAnswer.secret);

    const code = twoFactor.getByLabelText('6-digit code');
    fireEvent.change(code, { target: { value: '12a456' } });
    fireEvent.click(twoFactor.getByRole('button', { name: 'Turn On' }));
    expect(await twoFactor.findByText('Enter the 6 digits the app shows.')).toBeTruthy();
    expect(calls.some((c) => c.url.includes('/two-factor/enable'))).toBe(false);

    fireEvent.change(code, { target: { value: '000000' } });
    fireEvent.click(twoFactor.getByRole('button', { name: 'Turn On' }));
    expect(await twoFactor.findByText('the code is not valid; check the time on your device')).toBeTruthy();

    fireEvent.change(code, { target: { value: '123456' } });
    fireEvent.click(twoFactor.getByRole('button', { name: 'Turn On' }));
    const list = await twoFactor.findByRole('list', { name: 'Recovery codes' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(recoveryCodes);
    expect(twoFactor.getByText(/shown only this once/)).toBeTruthy();
    expect(calls.filter((c) => c.url.includes('/two-factor/enable')).at(-1)?.body).toEqual({ code: '123456' });

    fireEvent.click(twoFactor.getByRole('button', { name: 'Done, I have saved them' }));
    expect(await twoFactor.findByText('On')).toBeTruthy();
    expect(twoFactor.queryByRole('list', { name: 'Recovery codes' })).toBeNull();
  });

  it('says so when two-factor sign-in is already on, and shows a load failure with Retry', async () => {
    renderSignedIn('/profile', {
      'GET /account/profile': inTurn(
        () => jsonResponse(503, errorBody(503, 'Service Unavailable', 'Database unavailable')),
        () => jsonResponse(200, { data: testProfile({ twoFactorEnabled: true }) }),
      ),
    });
    expect(await screen.findByText('Database unavailable')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    const twoFactor = within(await section('Two-Factor Sign-In'));
    expect(twoFactor.getByText('On')).toBeTruthy();
    expect(twoFactor.queryByRole('button', { name: 'Set Up Two-Factor Sign-In' })).toBeNull();
  });
});
