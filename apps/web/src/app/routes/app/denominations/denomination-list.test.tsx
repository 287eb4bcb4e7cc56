import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { denominationListQuery, type Confirmation, type Denomination } from '@gold/contract';
import { failWith, jsonResponse, type Handler } from '@/testing/http';
import { listServer } from '@/testing/list-server';
import { applyLanguage } from '@/lib/i18n';
import { renderSignedIn, testAdmin } from '@/testing/render-app';
import { createDenomination } from '@/testing/redemption-fixtures';

/** The receipt a second admin must confirm before pieces enter the vault (four eyes). */
const receipt = (denom: number, amount: number): Confirmation => ({
  id: 31,
  kind: 'receipt',
  status: 'pending',
  summary: `Receipt of ${amount} × ${denom} g at JKT-01 (Add Amount, placeholder serials)`,
  grams: denom * amount,
  pieceCount: amount,
  location: { id: 1, code: 'JKT-01', name: 'Jakarta' },
  redemptionId: null,
  details: {},
  maker: { id: testAdmin.id, fullName: testAdmin.fullName },
  checker: null,
  declineReason: null,
  createdAt: '2026-11-27T08:00:00.000Z',
  decidedAt: null,
});

/**
 * GET /admin/denoms (paged, largest first) and the two writes, over a list the writes change as
 * the API would: pieces wait for a confirmation, so the stock does not move (a new denom starts at 0).
 */
function vaultServer(denominations: Denomination[]) {
  const list = listServer(denominationListQuery, denominations);
  const add: Handler = (request) => {
    const { denom, amount } = request.body as { denom: number; amount: number };
    const existing = denominations.find((d) => d.denom === denom);
    if (existing)
      return jsonResponse(202, { result: 'Awaiting confirmation', denomination: existing, confirmation: receipt(denom, amount) });
    const created = createDenomination({ denom, amount: 0, redeemed: 0, reserved: 0 });
    denominations.push(created);
    return jsonResponse(201, { result: 'Denom added', denomination: created, confirmation: receipt(denom, amount) });
  };
  const setRedeemable: Handler = (request) => {
    const { id, redeemable } = request.body as { id: number; redeemable: boolean };
    const target = denominations.find((d) => d.id === id)!;
    target.redeemable = redeemable;
    return jsonResponse(200, target);
  };
  return {
    'GET /admin/denoms': list,
    'POST /admin/physicalgold/add': add,
    'POST /admin/physicalgold/setredeemable': setRedeemable,
  };
}

// Adding pieces and toggling need the stock permission: a supervisor's.
const supervisor = { as: { role: 'Supervisor' as const } };
const vault = () => [5, 10, 25, 50, 100, 250, 500, 1000].map((denom) => createDenomination({ denom, redeemable: denom !== 50 }));
const card = (denom: number) => screen.getByRole('region', { name: `${denom} gram` });
/** The titles of the cards shown, in order. */
const cardTitles = () => screen.queryAllByRole('region', { name: /^\d+ gram$/ }).map((region) => region.querySelector('h3')?.textContent);
function figure(region: HTMLElement, label: string) {
  const term = within(region)
    .getAllByRole('term')
    .find((element) => element.textContent === label);
  return term?.nextElementSibling?.textContent;
}
const posts = (calls: Array<{ method: string; url: string; body: unknown }>) =>
  calls.filter((call) => call.method === 'POST').map((call) => [new URL(call.url, 'http://x').pathname.replace('/api', ''), call.body]);

describe('/denoms-list', () => {
  it('shows Recorded Denoms and the cards largest first, 6 to a page, with stock, available and reserved pieces', async () => {
    const denominations = vault();
    denominations[1] = createDenomination({
      id: 77,
      denom: 10,
      amount: 40,
      redeemed: 12,
      reserved: 5,
      createdAt: '2024-09-14T02:00:00Z',
      byLocation: [
        { locationId: 1, code: 'JKT-01', name: 'Jakarta', available: 20, reserved: 4 },
        { locationId: 2, code: 'SBY-01', name: 'Surabaya', available: 8, reserved: 1 },
      ],
    });
    renderSignedIn('/denoms-list', vaultServer(denominations), supervisor);
    expect(await screen.findByRole('heading', { level: 1, name: 'Redemption Denomination' })).toBeTruthy();
    expect(await within(screen.getByRole('region', { name: 'Recorded Denoms' })).findByText('8')).toBeTruthy();
    await waitFor(() => expect(cardTitles()).toEqual(['1000 gram', '500 gram', '250 gram', '100 gram', '50 gram', '25 gram']));
    expect(figure(card(50), 'Redeemable')).toBe('No');
    expect(figure(card(25), 'Redeemable')).toBe('Yes');

    fireEvent.click(screen.getByRole('button', { name: 'Go to page 2' }));
    await waitFor(() => expect(cardTitles()).toEqual(['10 gram', '5 gram']));
    const ten = card(10);
    expect(['Date', 'Denom', 'Amount', 'Available', 'Reserved', 'Redeemed', 'Redeemable'].map((label) => figure(ten, label))).toEqual([
      '14 Sep 2024',
      '10 gr',
      '40',
      '28',
      '5',
      '12',
      'Yes',
    ]);
    // Beside the totals, where the pieces are: they add up to Available and Reserved.
    const locations = within(within(ten).getByRole('list', { name: 'By location' })).getAllByRole('listitem');
    expect(locations.map((item) => item.textContent)).toEqual(['JKT-01: 20 available, 4 reserved', 'SBY-01: 8 available, 1 reserved']);
  });

  it('says No denoms data yet! when the vault has none', async () => {
    renderSignedIn('/denoms-list', vaultServer([]), supervisor);
    expect(await screen.findByText('No denoms data yet!')).toBeTruthy();
  });

  it('adds a new denomination, and sends nothing for an empty, zero, negative, fractional or known denom', async () => {
    const { calls } = renderSignedIn('/denoms-list', vaultServer(vault()), supervisor);
    await waitFor(() => expect(cardTitles()).toHaveLength(6));
    const form = screen.getByRole('region', { name: 'Add a denomination' });
    const denom = within(form).getByLabelText('Denom');
    const amount = within(form).getByLabelText('Amount');
    const submit = () => fireEvent.click(within(form).getByRole('button', { name: 'Submit' }));

    submit();
    expect(await within(form).findByText('Enter the denom in grams.')).toBeTruthy();
    expect(within(form).getByText('Enter the amount in pieces.')).toBeTruthy();
    for (const [denomText, amountText, denomProblem, amountProblem] of [
      ['0', '-3', 'Denom must be more than 0.', 'Amount must be more than 0.'],
      ['2.5', '1.5', 'Denom must be a whole number of grams.', 'Amount must be a whole number of pieces.'],
      ['10', '3', '10 gram is already recorded: use Add Amount on its card.', null],
    ] as const) {
      fireEvent.change(denom, { target: { value: denomText } });
      fireEvent.change(amount, { target: { value: amountText } });
      submit();
      expect(await within(form).findByText(denomProblem)).toBeTruthy();
      if (amountProblem) expect(within(form).getByText(amountProblem)).toBeTruthy();
    }
    expect(posts(calls)).toEqual([]);

    fireEvent.change(denom, { target: { value: '2000' } });
    fireEvent.change(amount, { target: { value: '4' } });
    submit();
    expect(await screen.findByText('Denom added successfully. Its pieces were sent for confirmation.')).toBeTruthy();
    expect(posts(calls)).toEqual([['/admin/physicalgold/add', { denom: 2000, amount: 4 }]]);
    await waitFor(() => expect(cardTitles()[0]).toBe('2000 gram'));
    expect(within(screen.getByRole('region', { name: 'Recorded Denoms' })).getByText('9')).toBeTruthy();
    expect((denom as HTMLInputElement).value).toBe('');
  });

  it('says Error adding denom with the server’s reason', async () => {
    renderSignedIn(
      '/denoms-list',
      {
        ...vaultServer(vault()),
        'POST /admin/physicalgold/add': failWith(400, 'body.denom: denom must be at most 100000 grams'),
      },
      supervisor,
    );
    await waitFor(() => expect(cardTitles()).toHaveLength(6));
    const form = screen.getByRole('region', { name: 'Add a denomination' });
    fireEvent.change(within(form).getByLabelText('Denom'), { target: { value: '3' } });
    fireEvent.change(within(form).getByLabelText('Amount'), { target: { value: '1' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Error adding denom: body.denom: denom must be at most 100000 grams')).toBeTruthy();
  });

  it('adds pieces to a denomination with Add Amount, refusing bad amounts without sending them', async () => {
    const { calls } = renderSignedIn('/denoms-list', vaultServer(vault()), supervisor);
    await waitFor(() => expect(cardTitles()).toHaveLength(6));
    const hundred = card(100);
    const input = within(hundred).getByLabelText('Enter Amount');
    const add = () => fireEvent.click(within(hundred).getByRole('button', { name: 'Add Amount' }));
    for (const [text, problem] of [
      ['', 'Enter the amount in pieces.'],
      ['-2', 'Amount must be more than 0.'],
      ['0', 'Amount must be more than 0.'],
      ['0.5', 'Amount must be a whole number of pieces.'],
      ['100001', 'Amount can be at most 100.000 pieces.'],
    ] as const) {
      fireEvent.change(input, { target: { value: text } });
      add();
      expect(await within(hundred).findByText(problem)).toBeTruthy();
    }
    expect(posts(calls)).toEqual([]);

    expect(figure(hundred, 'Amount')).toBe('40');
    fireEvent.change(input, { target: { value: '15' } });
    add();
    // Four eyes: the pieces wait for a second admin, the stock stays as it was.
    expect(await screen.findByText('Sent for confirmation')).toBeTruthy();
    expect(posts(calls)).toEqual([['/admin/physicalgold/add', { denom: 100, amount: 15 }]]);
    expect(figure(card(100), 'Amount')).toBe('40');
    expect(figure(card(100), 'Available')).toBe('30');
  });

  it('says Error adding amount with the server’s reason', async () => {
    renderSignedIn(
      '/denoms-list',
      {
        ...vaultServer(vault()),
        'POST /admin/physicalgold/add': failWith(500, 'The database did not answer in time'),
      },
      supervisor,
    );
    await waitFor(() => expect(cardTitles()).toHaveLength(6));
    fireEvent.change(within(card(25)).getByLabelText('Enter Amount'), { target: { value: '3' } });
    fireEvent.click(within(card(25)).getByRole('button', { name: 'Add Amount' }));
    expect(await screen.findByText('Error adding amount: The database did not answer in time')).toBeTruthy();
  });

  it('speaks Indonesian when the admin chose it: cards, form, problems and the server’s reason with its figures', async () => {
    try {
      renderSignedIn('/denoms-list', {
        ...vaultServer(vault()),
        'GET /account/session': () => jsonResponse(200, { admin: { ...testAdmin, role: 'Supervisor', language: 'id' } }),
        'POST /admin/physicalgold/add': failWith(409, 'Cannot add 99000 pieces of 25 g: the stock would pass 100000 pieces'),
      });
      expect(await screen.findByRole('heading', { name: 'Stok per Denominasi' })).toBeTruthy();
      await waitFor(() => expect(cardTitles()).toHaveLength(6));
      expect(figure(card(25), 'Tersedia')).toBeTruthy();
      expect(within(card(50)).getByText('Tidak dapat ditukarkan')).toBeTruthy();
      fireEvent.click(within(card(25)).getByRole('button', { name: 'Tambah Jumlah' }));
      expect(await within(card(25)).findByText('Masukkan jumlah dalam keping.')).toBeTruthy();
      fireEvent.change(within(card(25)).getByLabelText('Masukkan Jumlah'), { target: { value: '99000' } });
      fireEvent.click(within(card(25)).getByRole('button', { name: 'Tambah Jumlah' }));
      expect(
        await screen.findByText('Gagal menambah jumlah: Tidak dapat menambah 99000 keping 25 g: stok akan melebihi 100000 keping'),
      ).toBeTruthy();
    } finally {
      await applyLanguage('en');
    }
  });

  it('toggles whether a denomination is redeemable', async () => {
    const denominations = vault();
    const server = vaultServer(denominations);
    const { calls } = renderSignedIn('/denoms-list', server, supervisor);
    await waitFor(() => expect(cardTitles()).toHaveLength(6));
    const fifty = denominations.find((d) => d.denom === 50)!;
    fireEvent.click(within(card(50)).getByRole('button', { name: 'Toggle Redeemable' }));
    expect(await screen.findByText('Redeemable status updated successfully')).toBeTruthy();
    expect(posts(calls)).toEqual([['/admin/physicalgold/setredeemable', { id: fifty.id, redeemable: true }]]);
    await waitFor(() => expect(figure(card(50), 'Redeemable')).toBe('Yes'));
  });

  it('says Error updating redeemable status with the server’s reason', async () => {
    renderSignedIn(
      '/denoms-list',
      {
        ...vaultServer(vault()),
        'POST /admin/physicalgold/setredeemable': failWith(404, 'Denomination 99 not found'),
      },
      supervisor,
    );
    await waitFor(() => expect(cardTitles()).toHaveLength(6));
    fireEvent.click(within(card(1000)).getByRole('button', { name: 'Toggle Redeemable' }));
    expect(await screen.findByText('Error updating redeemable status: Denomination 99 not found')).toBeTruthy();
  });

  it('links to the Redemption Limit page, where the largest redeemable denomination is set', async () => {
    renderSignedIn('/denoms-list', vaultServer(vault()), supervisor);
    const link = await screen.findByRole('link', { name: 'Set the Redemption Limit' });
    expect(link.getAttribute('href')).toBe('/redemption-limit');
  });
});
