import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { adminListQuery, auditListQuery, type AuditEntry, type AuditListQuery } from '@gold/contract';
import { jsonResponse, type Handler } from '@/testing/http';
import { applyLanguage } from '@/lib/i18n';
import { listServer } from '@/testing/list-server';
import { currentUrl, renderSignedIn, testAdmin } from '@/testing/render-app';
import { createAdmin, createAuditEntry, signedInAdminRow } from '@/testing/admin-fixtures';

// Named in the console's language (one test switches to Indonesian).
const grid = () => screen.getByRole('grid', { name: /^(Audit Log|Log Audit)$/ });
const rows = () => Array.from(grid().querySelectorAll('[role="row"][data-id]'), (row) => Number(row.getAttribute('data-id')));
const cell = (id: number, field: string) => grid().querySelector(`[role="row"][data-id="${id}"] [data-field="${field}"]`)?.textContent;

const entries: AuditEntry[] = [
  createAuditEntry({ id: 1 }),
  createAuditEntry({
    id: 2,
    action: 'admin.add',
    fromState: null,
    toState: 'Activated',
    entityId: '7',
    details: { after: { fullName: 'Bambang Pamungkas', status: 'Activated' } },
  }),
  createAuditEntry({
    id: 3,
    admin: null,
    action: 'contact.submit',
    entity: 'contact_message',
    entityId: '4',
    fromState: null,
    toState: null,
    details: null,
  }),
  createAuditEntry({
    id: 4,
    admin: { id: 7, fullName: 'Bambang Pamungkas', email: 'bambang@example.com' },
    action: 'admin.sign_in',
    details: null,
    fromState: null,
    toState: null,
    entityId: '7',
  }),
  createAuditEntry({
    id: 5,
    admin: null,
    action: 'reserves.under-backed',
    entity: 'reserves',
    entityId: '12',
    fromState: 'backed',
    toState: 'under-backed',
    details: { reason: 'approval', shortfallGrams: '5.000' },
  }),
  createAuditEntry({
    id: 6,
    action: 'redemption.approve',
    entity: 'redemption',
    entityId: '31',
    fromState: 'REQUESTED',
    toState: 'REDEEMED',
    details: null,
  }),
];

/** GET /admin/audit: the contract's query checked, then filtered like the server (admin, action; days are the server's business). */
function auditServer() {
  const queries: AuditListQuery[] = [];
  const handler: Handler = (request) => {
    const params = Object.fromEntries(new URL(request.url, 'http://x').searchParams);
    const query = auditListQuery.parse(params);
    queries.push(query);
    const found = entries
      .filter((entry) => query.adminId === undefined || entry.admin?.id === query.adminId)
      .filter((entry) => query.action === undefined || entry.action === query.action)
      .sort((a, b) => (query.order === 'asc' ? a.id - b.id : b.id - a.id));
    const limit = query.limit ?? found.length;
    return jsonResponse(200, { data: found.slice((query.page ?? 0) * limit, ((query.page ?? 0) + 1) * limit), total: found.length });
  };
  return { handler, queries };
}

const admins = () =>
  listServer(adminListQuery, [signedInAdminRow(), createAdmin({ id: 7, fullName: 'Bambang Pamungkas', email: 'bambang@example.com' })]);

async function choose(comboboxName: string, option: string) {
  fireEvent.mouseDown(screen.getByRole('combobox', { name: comboboxName }));
  fireEvent.click(within(await screen.findByRole('listbox')).getByRole('option', { name: option }));
}

describe('/audit-log', () => {
  it('shows who did what to which target, before and after, from which address and when, newest first', async () => {
    const audit = auditServer();
    renderSignedIn('/audit-log', { 'GET /admin/audit': audit.handler, 'GET /admin/list/admins': admins() });
    await waitFor(() => expect(rows()).toEqual([6, 5, 4, 3, 2, 1]));
    expect(audit.queries).toEqual([{ limit: 10, page: 0, sort: 'occurredAt', order: 'desc' }]);
    expect(cell(1, 'admin')).toBe('Ayu Lestariayu@example.com');
    expect(cell(1, 'action')).toBe('Admin updatedadmin.edit');
    expect(cell(1, 'entity')).toBe('admin 2');
    expect(cell(1, 'change')).toBe('Activated → Not Activated · before.status: Activated; after.status: Not Activated; endedSessions: 1');
    expect(cell(1, 'ipAddress')).toBe('10.0.0.7');
    expect(cell(1, 'occurredAt')).toBe('01 Jun 2025, 07.01 WIB');
    expect(cell(2, 'change')).toBe('- → Activated · after.fullName: Bambang Pamungkas; after.status: Activated');
    expect(cell(3, 'admin')).toBe('Website visitor');
    expect(cell(3, 'entity')).toBe('contact message 4');
    expect(cell(3, 'change')).toBe('-');
    expect(cell(5, 'action')).toBe('Reserves under-backedreserves.under-backed');
    expect(cell(5, 'entity')).toBe('reserves 12');
    expect(cell(5, 'change')).toBe('backed → under-backed · reason: approval; shortfallGrams: 5.000');
  });

  it('finds the reserves’ crossings of full backing by their action, named like every other', async () => {
    const audit = auditServer();
    renderSignedIn('/audit-log', { 'GET /admin/audit': audit.handler, 'GET /admin/list/admins': admins() });
    await waitFor(() => expect(rows()).toHaveLength(6));
    await choose('Action', 'Reserves under-backed');
    await waitFor(() => expect(rows()).toEqual([5]));
    expect(audit.queries.at(-1)).toMatchObject({ action: 'reserves.under-backed' });
  });

  it('names targets and states in Indonesian when the admin chose it (field names stay as the server writes them)', async () => {
    try {
      renderSignedIn('/audit-log', {
        'GET /account/session': () => jsonResponse(200, { admin: { ...testAdmin, language: 'id' } }),
        'GET /admin/audit': auditServer().handler,
        'GET /admin/list/admins': admins(),
      });
      await waitFor(() =>
        expect(screen.getByRole('grid', { name: 'Log Audit' }).querySelectorAll('[role="row"][data-id]')).toHaveLength(6),
      );
      expect(cell(1, 'entity')).toBe('admin 2');
      expect(cell(1, 'change')).toBe('Aktif → Tidak Aktif · before.status: Aktif; after.status: Tidak Aktif; endedSessions: 1');
      expect(cell(3, 'entity')).toBe('pesan kontak 4');
      expect(cell(5, 'action')).toBe('Cadangan kurang jaminanreserves.under-backed');
      expect(cell(5, 'entity')).toBe('cadangan 12');
      expect(cell(5, 'change')).toBe('terjamin → kurang jaminan · reason: approval; shortfallGrams: 5.000');
      expect(cell(6, 'entity')).toBe('penukaran 31');
      expect(cell(6, 'change')).toBe('DIMINTA → DITUKARKAN');
      // The range of days: 'Sampai' (until), not 'Ke' (a transfer's receiver).
      expect([screen.getByLabelText('Dari').id, screen.getByLabelText('Sampai').id]).toEqual(['audit-from-filter', 'audit-to-filter']);
    } finally {
      await applyLanguage('en');
    }
  });

  it('filters by admin, action and WIB days, each in the URL; a shared link asks the same', async () => {
    const audit = auditServer();
    const { router } = renderSignedIn('/audit-log', { 'GET /admin/audit': audit.handler, 'GET /admin/list/admins': admins() });
    await waitFor(() => expect(rows()).toHaveLength(6));

    await choose('Admin', 'Bambang Pamungkas (bambang@example.com)');
    await waitFor(() => expect(rows()).toEqual([4]));
    expect(currentUrl(router)).toBe('/audit-log?adminId=7');
    expect(audit.queries.at(-1)).toMatchObject({ adminId: 7, page: 0 });

    await choose('Admin', 'All admins');
    await choose('Action', 'Admin added');
    await waitFor(() => expect(rows()).toEqual([2]));
    expect(currentUrl(router)).toBe('/audit-log?action=admin.add');

    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2025-06-01' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2025-06-30' } });
    await waitFor(() => expect(currentUrl(router)).toBe('/audit-log?action=admin.add&from=2025-06-01&to=2025-06-30'));
    await waitFor(() => expect(audit.queries.at(-1)).toMatchObject({ action: 'admin.add', from: '2025-06-01', to: '2025-06-30' }));

    fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(currentUrl(router)).toBe('/audit-log'));
    await waitFor(() => expect(rows()).toHaveLength(6));
  });

  it('opens a link with filters as the filters it names (an invalid date is left out)', async () => {
    const audit = auditServer();
    renderSignedIn('/audit-log?adminId=7&action=admin.sign_in&from=2025-06-01&to=not-a-date', {
      'GET /admin/audit': audit.handler,
      'GET /admin/list/admins': admins(),
    });
    await waitFor(() => expect(rows()).toEqual([4]));
    expect(audit.queries.at(-1)).toEqual({
      limit: 10,
      page: 0,
      sort: 'occurredAt',
      order: 'desc',
      adminId: 7,
      action: 'admin.sign_in',
      from: '2025-06-01',
    });
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'Admin' }).textContent).toBe('Bambang Pamungkas (bambang@example.com)'),
    );
    expect(screen.getByRole('combobox', { name: 'Action' }).textContent).toBe('Signed in');
  });
});
