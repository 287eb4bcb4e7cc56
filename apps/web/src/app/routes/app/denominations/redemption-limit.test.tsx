import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { RedemptionLimitRecord } from '@gold/contract';
import { failWith, jsonResponse, type Handler } from '@/testing/http';
import { renderSignedIn } from '@/testing/render-app';

function limitServer(records: RedemptionLimitRecord[]) {
  const list: Handler = () => jsonResponse(200, { data: records });
  const set: Handler = (request) => {
    const { newlimit } = request.body as { newlimit: number };
    const record = {
      id: records.length + 1,
      gidrlimit: newlimit,
      createdAt: '2026-11-20T03:00:00.000Z',
      setBy: { id: 1, fullName: 'Ayu Lestari' },
    };
    records.push(record);
    return jsonResponse(201, record);
  };
  return { 'GET /admin/redemption/limit/list': list, 'POST /admin/redemption/limit/set': set };
}

const history = (): RedemptionLimitRecord[] => [
  { id: 1, gidrlimit: 100, createdAt: '2026-07-11T00:00:00.000Z', setBy: null },
  { id: 2, gidrlimit: 250, createdAt: '2026-10-09T00:00:00.000Z', setBy: { id: 3, fullName: 'Rina Wulandari' } },
];
const newLimit = () => screen.getByRole('combobox', { name: 'New Limit' });
const current = () => (screen.getByLabelText('Current Limit') as HTMLInputElement).value;
const posts = (calls: Array<{ method: string; body: unknown }>) => calls.filter((call) => call.method === 'POST').map((call) => call.body);

describe('/redemption-limit', () => {
  it('shows the current limit (the list’s last item), the choices and the list', async () => {
    renderSignedIn('/redemption-limit', limitServer(history()));
    expect(await screen.findByRole('heading', { level: 1, name: 'Redemption Denomination Limit' })).toBeTruthy();
    await waitFor(() => expect(current()).toBe('250gr'));
    expect((screen.getByLabelText('Current Limit') as HTMLInputElement).readOnly).toBe(true);
    expect(newLimit().textContent).toBe('Select');

    fireEvent.mouseDown(newLimit());
    const options = within(await screen.findByRole('listbox')).getAllByRole('option');
    expect(options.map((option) => [option.textContent, option.getAttribute('aria-disabled') === 'true'])).toEqual([
      ['Select', true],
      ['5gr', false],
      ['10gr', false],
      ['25gr', false],
      ['100gr', false],
      ['250gr', false],
      ['500gr', false],
      ['1000gr', false],
    ]);
    fireEvent.keyDown(screen.getByRole('listbox'), { key: 'Escape' });

    const rows = within(screen.getByRole('table', { name: 'Redemption limit list' }))
      .getAllByRole('row')
      .slice(1)
      .map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      );
    expect(rows).toEqual([
      ['2', '250grCurrent', 'Rina Wulandari', '09 Okt 2026, 07.00 WIB'],
      ['1', '100gr', '-', '11 Jul 2026, 07.00 WIB'],
    ]);
  });

  it('sends nothing without a choice, then sets the chosen limit and shows it', async () => {
    const { calls } = renderSignedIn('/redemption-limit', limitServer(history()));
    await waitFor(() => expect(current()).toBe('250gr'));
    fireEvent.click(screen.getByRole('button', { name: 'Update Information' }));
    expect(await screen.findByText('Choose the new limit first.')).toBeTruthy();
    expect(posts(calls)).toEqual([]);

    fireEvent.mouseDown(newLimit());
    fireEvent.click(await screen.findByRole('option', { name: '1000gr' }));
    fireEvent.click(screen.getByRole('button', { name: 'Update Information' }));
    expect(await screen.findByText('Redemption Limit Value Update Success')).toBeTruthy();
    expect(posts(calls)).toEqual([{ newlimit: 1000 }]);
    await waitFor(() => expect(current()).toBe('1000gr'));
    expect(newLimit().textContent).toBe('Select');
  });

  it('says Redemption Limit Value Update Error and resets the select when the server refuses', async () => {
    renderSignedIn('/redemption-limit', {
      ...limitServer(history()),
      'POST /admin/redemption/limit/set': failWith(400, 'body.newlimit: newlimit must be one of 5, 10, 25, 100, 250, 500, 1000'),
    });
    await waitFor(() => expect(current()).toBe('250gr'));
    fireEvent.mouseDown(newLimit());
    fireEvent.click(await screen.findByRole('option', { name: '5gr' }));
    expect(newLimit().textContent).toBe('5gr');
    fireEvent.click(screen.getByRole('button', { name: 'Update Information' }));
    expect(
      await screen.findByText('Redemption Limit Value Update Error: body.newlimit: newlimit must be one of 5, 10, 25, 100, 250, 500, 1000'),
    ).toBeTruthy();
    await waitFor(() => expect(newLimit().textContent).toBe('Select'));
    expect(current()).toBe('250gr');
  });
});
