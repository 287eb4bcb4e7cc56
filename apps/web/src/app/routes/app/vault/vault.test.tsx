import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { vaultPieceListQuery, type Confirmation, type VaultPiece } from '@gold/contract';
import { jsonResponse, type StubbedRequest } from '@/testing/http';
import { listServer } from '@/testing/list-server';
import { renderSignedIn } from '@/testing/render-app';
import { createDenomination } from '@/testing/redemption-fixtures';

/** The Vault screen on stubbed API answers: a receipt and a count are sent for confirmation; a read-only role moves nothing. */

const jakarta = { id: 1, code: 'JKT-01', name: 'Jakarta' };
const piece = (id: number, serial: string): VaultPiece => ({
  id,
  serial,
  placeholder: false,
  refiner: 'Antam',
  fineness: 999.9,
  denominationId: 3,
  denom: 10,
  location: jakarta,
  status: 'in_vault',
  redemptionId: null,
  receiptReference: 'DO-1',
  receivedAt: '2026-11-20T08:00:00.000Z',
});
const pending = (summary: string): Confirmation => ({
  id: 12,
  kind: 'receipt',
  status: 'pending',
  summary,
  grams: 20,
  pieceCount: 2,
  location: jakarta,
  redemptionId: null,
  details: {},
  maker: { id: 1, fullName: 'Ayu' },
  checker: null,
  declineReason: null,
  createdAt: '2026-11-27T08:00:00.000Z',
  decidedAt: null,
});

function vaultServer(pieces: VaultPiece[]) {
  return {
    'GET /admin/vault/pieces': listServer(vaultPieceListQuery, pieces, { searchIn: ['serial'] }),
    'GET /admin/vault/locations': () => jsonResponse(200, { data: [{ ...jakarta, createdAt: '2026-01-01T00:00:00.000Z' }], total: 1 }),
    'GET /admin/denoms': () => jsonResponse(200, { data: [createDenomination({ id: 3, denom: 10 })], total: 1 }),
  };
}

async function chooseLocation(dialog: HTMLElement) {
  fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: /Location/ }));
  fireEvent.click(await screen.findByRole('option', { name: /JKT-01/ }));
}

describe('/vault', () => {
  it('receives pasted serials as one receipt, sent for confirmation with a link to it', async () => {
    const receipts: StubbedRequest[] = [];
    renderSignedIn(
      '/vault',
      {
        ...vaultServer([piece(1, 'AB-001')]),
        'POST /admin/vault/receipts': (request) => {
          receipts.push(request);
          return jsonResponse(202, pending('Receipt of 2 × 10 g at JKT-01 (DO-9)'));
        },
      },
      { as: { role: 'Supervisor' } },
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Receive stock' }));
    const dialog = await screen.findByRole('dialog', { name: 'Receive stock' });
    await chooseLocation(dialog);
    fireEvent.change(within(dialog).getByLabelText(/Denomination \(grams\)/), { target: { value: '10' } });
    fireEvent.change(within(dialog).getByLabelText(/Delivery or certificate reference/), { target: { value: 'DO-9' } });
    fireEvent.change(within(dialog).getByLabelText(/^Refiner/), { target: { value: 'Antam' } });
    fireEvent.change(within(dialog).getByLabelText(/Serial numbers/), { target: { value: 'XY-100\nXY-101\tUBS\t999,9\n' } });
    expect(within(dialog).getByText('2 pieces')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send for confirmation' }));
    expect(await within(dialog).findByText('Sent for confirmation')).toBeTruthy();
    expect(within(dialog).getByRole('link', { name: 'Open the pending confirmation 12' }).getAttribute('href')).toBe('/confirmations');
    expect(receipts.map((request) => request.body)).toEqual([
      {
        locationId: 1,
        denom: 10,
        reference: 'DO-9',
        pieces: [
          { serial: 'XY-100', refiner: 'Antam', fineness: 999.9 },
          { serial: 'XY-101', refiner: 'UBS', fineness: 999.9 },
        ],
      },
    ]);
  });

  it('shows the count’s variance against the ledger before sending it', async () => {
    const counts: StubbedRequest[] = [];
    renderSignedIn(
      '/vault',
      {
        ...vaultServer([piece(1, 'AB-001'), piece(2, 'AB-002'), piece(3, 'AB-003')]),
        'POST /admin/vault/counts': (request) => {
          counts.push(request);
          return jsonResponse(202, pending('Count of 10 g at JKT-01: 1 missing'));
        },
      },
      { as: { role: 'Supervisor' } },
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Count' }));
    const dialog = await screen.findByRole('dialog', { name: 'Count' });
    await chooseLocation(dialog);
    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: /Denomination/ }));
    fireEvent.click(await screen.findByRole('option', { name: '10 g' }));
    fireEvent.change(within(dialog).getByLabelText(/Counted serials/), { target: { value: 'AB-001 AB-002\nZZ-9' } });
    expect(await within(dialog).findByText('Expected 3, counted 3, variance -1')).toBeTruthy();
    expect(within(dialog).getByText('1 not counted, they leave as missing: AB-003')).toBeTruthy();
    expect(within(dialog).getByText('1 not in the ledger here, the server refuses them: ZZ-9')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send for confirmation' }));
    expect(await within(dialog).findByText('Sent for confirmation')).toBeTruthy();
    expect(counts.map((request) => request.body)).toEqual([{ locationId: 1, denom: 10, countedSerials: ['AB-001', 'AB-002', 'ZZ-9'] }]);
  });

  it('offers no stock action to a role that may not move stock', async () => {
    renderSignedIn('/vault', vaultServer([piece(1, 'AB-001')]), { as: { role: 'Auditor' } });
    await screen.findByText('AB-001');
    expect(screen.queryByRole('button', { name: 'Receive stock' })).toBeNull();
    expect(screen.queryByRole('checkbox', { name: 'Select piece AB-001' })).toBeNull();
    await waitFor(() =>
      expect(screen.getByRole('link', { name: /Export CSV/ }).getAttribute('href')).toContain('/api/admin/export/pieces.csv'),
    );
  });
});
