import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Credential, WebhookDelivery } from '@gold/contract';
import { failWith, jsonResponse, type Handler } from '@/testing/http';
import { renderSignedIn } from '@/testing/render-app';

const credential = (over: Partial<Credential>): Credential => ({
  id: 1,
  name: 'Acme platform',
  scopes: ['customers', 'redemptions'],
  tokenPrefix: 'gbo_AbCdEf',
  status: 'active',
  createdAt: '2026-11-20T03:00:00.000Z',
  expiresAt: null,
  revokedAt: null,
  lastUsedAt: '2026-11-27T03:00:00.000Z',
  createdBy: { id: 1, fullName: 'Dewi Lestari' },
  ...over,
});

const ownPassword = 'Emas-Batangan 24 karat!';

function credentialServer(rows: Credential[]) {
  const list: Handler = () => jsonResponse(200, { data: rows });
  const create: Handler = (request) => {
    const body = request.body as { name: string; scopes: Credential['scopes']; reauth?: { password: string } };
    if (body.reauth?.password !== ownPassword) return failWith(400, 'body.reauth.password: the password is wrong')(request);
    const made = credential({ id: rows.length + 1, name: body.name, scopes: body.scopes, lastUsedAt: null });
    rows.unshift(made);
    return jsonResponse(201, { credential: made, secret: 'gbo_the-secret-shown-once' });
  };
  const revoke: Handler = (request) => {
    const id = Number(/credentials\/(\d+)\/revoke/.exec(request.url)![1]);
    const row = rows.find((r) => r.id === id)!;
    Object.assign(row, { status: 'revoked', revokedAt: '2026-11-27T04:00:00.000Z' });
    return jsonResponse(200, row);
  };
  return { 'GET /admin/credentials': list, 'POST /admin/credentials': create, 'POST /admin/credentials/1/revoke': revoke };
}

describe('/credentials', () => {
  it('creates a credential, shows its secret once, lists the last use, and revokes', async () => {
    const { calls } = renderSignedIn('/credentials', credentialServer([credential({})]));
    expect(await screen.findByRole('heading', { level: 1, name: 'Credentials' })).toBeTruthy();
    const table = await screen.findByRole('table', { name: 'Credential list' });
    expect(within(table).getByText('Acme platform')).toBeTruthy();
    expect(within(table).getByText('Customers, Redemptions')).toBeTruthy();

    const form = screen.getByRole('form', { name: 'New credential' });
    fireEvent.click(within(form).getByRole('button', { name: 'Create Credential' }));
    expect(await within(form).findByText('Name the credential.')).toBeTruthy();
    fireEvent.change(within(form).getByLabelText('Name'), { target: { value: 'Staging platform' } });
    fireEvent.click(within(form).getByRole('checkbox', { name: 'Prices' }));
    fireEvent.click(within(form).getByRole('button', { name: 'Create Credential' }));
    // A credential is a new way in: the admin's password is asked first, as for adding an admin.
    const confirm = await screen.findByRole('dialog', { name: 'Create Credential' });
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
    fireEvent.change(within(confirm).getByLabelText(/Your password/), { target: { value: 'wrong password' } });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Create Credential' }));
    expect(await within(confirm).findByText('body.reauth.password: the password is wrong')).toBeTruthy();
    fireEvent.change(within(confirm).getByLabelText(/Your password/), { target: { value: ownPassword } });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Create Credential' }));
    expect((await screen.findByLabelText('Secret')).textContent).toBe('gbo_the-secret-shown-once');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Create Credential' })).toBeNull());
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([
      { name: 'Staging platform', scopes: ['prices'], reauth: { password: 'wrong password' } },
      { name: 'Staging platform', scopes: ['prices'], reauth: { password: ownPassword } },
    ]);
    await waitFor(() => expect(within(screen.getByRole('table', { name: 'Credential list' })).getByText('Staging platform')).toBeTruthy());

    const acme = within(screen.getByRole('table', { name: 'Credential list' }))
      .getByText('Acme platform')
      .closest('tr')!;
    fireEvent.click(within(acme as HTMLElement).getByRole('button', { name: 'Revoke' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Revoke' }));
    await waitFor(() => expect(within(acme as HTMLElement).getByText('revoked')).toBeTruthy());
  });
});

const delivery = (over: Partial<WebhookDelivery>): WebhookDelivery => ({
  id: 'msg_0a1b2c',
  eventType: 'redemption.created',
  url: 'https://platform.example/hooks',
  credential: { id: 1, name: 'Acme platform' },
  status: 'failed',
  attempts: 8,
  createdAt: '2026-11-26T03:00:00.000Z',
  nextAttemptAt: null,
  lastAttemptAt: '2026-11-27T03:00:00.000Z',
  lastResponseStatus: 503,
  lastError: 'answered 503',
  deliveredAt: null,
  ...over,
});

describe('/webhook-deliveries', () => {
  it('lists deliveries with status and attempts, and re-sends one', async () => {
    const rows = [delivery({}), delivery({ id: 'msg_pending', status: 'pending', attempts: 1, nextAttemptAt: '2026-11-27T03:05:00.000Z' })];
    const { calls } = renderSignedIn('/webhook-deliveries', {
      'GET /admin/webhooks/deliveries': () => jsonResponse(200, { data: rows, total: rows.length }),
      'POST /admin/webhooks/deliveries/msg_0a1b2c/resend': () => jsonResponse(200, { ...rows[0], status: 'pending' }),
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Webhook Deliveries' })).toBeTruthy();
    const table = await screen.findByRole('table', { name: 'Webhook delivery list' });
    const failed = within(table).getByText('msg_0a1b2c').closest('tr') as HTMLElement;
    expect(within(failed).getByText('failed')).toBeTruthy();
    expect(within(failed).getByText('8')).toBeTruthy();
    expect(within(failed).getByText('503')).toBeTruthy();
    const pending = within(table).getByText('msg_pending').closest('tr') as HTMLElement;
    expect((within(pending).getByRole('button', { name: 'Re-send msg_pending' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(within(failed).getByRole('button', { name: 'Re-send msg_0a1b2c' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.url.endsWith('/msg_0a1b2c/resend'))).toBe(true));
  });
});
