import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { redemptionListQuery } from '@gold/contract';
import { countAnswer, listServer } from '@/testing/list-server';
import { renderSignedIn, signInTestAdminAs } from '@/testing/render-app';
import { createRedemptionRows } from '@/testing/redemption-fixtures';

describe('/ratings', () => {
  // The counter's work (and its review page) is a Supervisor's or a Teller's.
  signInTestAdminAs({ role: 'Supervisor' });

  it('shows the Total Redemption card and every redemption in the Redemption List table, paged on the server', async () => {
    const rows = createRedemptionRows(12, (index) => ({ status: index % 2 ? 'PREPARATION' : 'REDEEMED' }));
    const server = listServer(redemptionListQuery, rows);
    renderSignedIn('/ratings', { 'GET /admin/list/redeems': server, 'GET /admin/count/redeems': countAnswer(12) });
    // The first screen of the file loads its lazy route cold: on a busy machine that takes more than the default wait.
    expect(await screen.findByRole('heading', { level: 1, name: 'Ratings' }, { timeout: 30_000 })).toBeTruthy();
    const card = screen.getByRole('region', { name: 'Total Redemption' });
    expect(await within(card).findByText('12')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'Redemption List' })).toBeTruthy();

    const grid = screen.getByRole('grid', { name: 'Redemption List' });
    await waitFor(() => expect(grid.querySelectorAll('[role="row"][data-id]')).toHaveLength(10));
    expect(server.lastQuery()).toEqual({ limit: 10, page: 0, sort: 'createdAt', order: 'desc' });
    // Read-only rows: they link to the review and the detail, and change nothing here.
    expect(within(grid).getByRole('link', { name: 'Review redemption 12' }).getAttribute('href')).toBe('/redeem?id=12');
    expect(within(grid).queryAllByRole('button', { name: /^(Approve|Reject) redemption/ })).toEqual([]);
  });
});
