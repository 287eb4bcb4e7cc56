import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { confirmationListQuery, type Confirmation } from '@gold/contract';
import { errorBody, jsonResponse, type StubbedRequest } from '@/testing/http';
import { listServer } from '@/testing/list-server';
import { renderSignedIn, testAdmin } from '@/testing/render-app';

/** The four-eyes list on stubbed API answers: who is offered what, and the re-authentication before a decision. */

const confirmation = (overrides: Partial<Confirmation>): Confirmation => ({
  id: 7,
  kind: 'receipt',
  status: 'pending',
  summary: 'Receipt of 3 × 10 g at JKT-01 (DO-2026-118)',
  grams: 30,
  pieceCount: 3,
  location: { id: 1, code: 'JKT-01', name: 'Jakarta' },
  redemptionId: null,
  details: { pieces: [{ serial: 'FE-1' }, { serial: 'FE-2' }, { serial: 'FE-3' }] },
  maker: { id: 5, fullName: 'Rina Wulandari' },
  checker: null,
  declineReason: null,
  createdAt: '2026-11-27T08:00:00.000Z',
  decidedAt: null,
  ...overrides,
});

const supervisor = { as: { role: 'Supervisor' as const } };

describe('/confirmations', () => {
  it("offers Confirm and Decline on another admin's proposal and Withdraw on one's own", async () => {
    const rows = [confirmation({}), confirmation({ id: 8, maker: { id: testAdmin.id, fullName: testAdmin.fullName } })];
    renderSignedIn('/confirmations', { 'GET /admin/confirmations': listServer(confirmationListQuery, rows) }, supervisor);
    const table = await screen.findByRole('grid', { name: 'Confirmations' });
    await within(table).findByText('Rina Wulandari');
    expect(within(table).getByRole('button', { name: 'Confirm confirmation 7' })).toBeTruthy();
    expect(within(table).getByRole('button', { name: 'Decline confirmation 7' })).toBeTruthy();
    expect(within(table).queryByRole('button', { name: 'Withdraw confirmation 7' })).toBeNull();
    expect(within(table).getByRole('button', { name: 'Withdraw confirmation 8' })).toBeTruthy();
    expect(within(table).queryByRole('button', { name: 'Confirm confirmation 8' })).toBeNull();
  });

  it('confirms after the password: a wrong one keeps the dialog open and says so, the right one confirms', async () => {
    const rows = [confirmation({})];
    const sent: StubbedRequest[] = [];
    renderSignedIn(
      '/confirmations',
      {
        'GET /admin/confirmations': listServer(confirmationListQuery, rows),
        'POST /admin/confirmations/7/confirm': (request) => {
          sent.push(request);
          const { reauth } = request.body as { reauth: { password: string } };
          if (reauth.password !== 'right') return jsonResponse(401, errorBody(401, 'Unauthorized', 'body.reauth: Wrong password'));
          rows[0] = confirmation({ status: 'confirmed', checker: { id: testAdmin.id, fullName: testAdmin.fullName } });
          return jsonResponse(200, rows[0]);
        },
      },
      supervisor,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Confirm confirmation 7' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm confirmation 7?' });
    expect(dialog.textContent).toContain('Serials: FE-1, FE-2, FE-3');
    fireEvent.change(within(dialog).getByLabelText(/Your password/), { target: { value: 'wrong' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await within(dialog).findByText('body.reauth: Wrong password')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText(/Your password/), { target: { value: 'right' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Confirmation 7 confirmed')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sent.map((request) => request.body)).toEqual([{ reauth: { password: 'wrong' } }, { reauth: { password: 'right' } }]);
    expect(await screen.findByText(`by ${testAdmin.fullName}`)).toBeTruthy();
  });

  it("declines only with a reason, and shows the server's refusal", async () => {
    const sent: StubbedRequest[] = [];
    renderSignedIn(
      '/confirmations',
      {
        'GET /admin/confirmations': listServer(confirmationListQuery, [confirmation({})]),
        'POST /admin/confirmations/7/decline': (request) => {
          sent.push(request);
          return jsonResponse(409, errorBody(409, 'Conflict', 'Cannot decline confirmation 7: it is confirmed already'));
        },
      },
      supervisor,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Decline confirmation 7' }));
    const dialog = await screen.findByRole('dialog', { name: 'Decline confirmation 7?' });
    fireEvent.change(within(dialog).getByLabelText(/Your password/), { target: { value: 'right' } });
    const decline = within(dialog).getByRole('button', { name: 'Decline' });
    expect(decline.hasAttribute('disabled')).toBe(true);
    fireEvent.change(within(dialog).getByLabelText(/Reason/), { target: { value: 'Serials do not match the delivery note' } });
    fireEvent.click(decline);
    expect(await screen.findByText('Not declined: Cannot decline confirmation 7: it is confirmed already')).toBeTruthy();
    expect(sent.map((request) => request.body)).toEqual([
      { reauth: { password: 'right' }, reason: 'Serials do not match the delivery note' },
    ]);
  });
});
