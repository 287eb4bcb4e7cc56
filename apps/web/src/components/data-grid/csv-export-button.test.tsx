import type { ReactNode } from 'react';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { transactionListQuery, customerListQuery, type Page } from '@gold/contract';
import { listCall, type ListCallQuery } from '@/lib/list-call';
import { SignedInRoleProvider } from '@/lib/permissions';
import { listServer } from '@/testing/list-server';
import { renderInRouter } from '@/testing/render-app';
import { CsvExportButton, csvExportHref } from './csv-export-button';
import type { CsvExportResource } from './list-declaration';
import type { BaseListQuery, ListQuerySchema } from './list-url';
import { useList } from './use-list';

const anyPage = { parse: (data: unknown) => data as Page<{ id: number }> };

/** A screen with a list and its export: the button follows the list's state in the URL. */
function ExportOf<Query extends BaseListQuery & ListCallQuery>({
  query,
  exportResource,
}: {
  query: ListQuerySchema<Query>;
  exportResource: CsvExportResource;
}) {
  const list = useList({
    query,
    call: listCall<Query, { id: number }>({ path: '/list', key: (each) => ['list', each], response: anyPage }),
    exportResource,
  });
  return <CsvExportButton list={list} />;
}

/** Exports carry personal data: the link is there for a role with the export permission (an Auditor here). */
const asAuditor = (ui: ReactNode) => <SignedInRoleProvider value={{ role: 'Auditor', locationId: null }}>{ui}</SignedInRoleProvider>;

describe('CsvExportButton', () => {
  it('links to the export with the list’s sort and filters from the URL, without page or size', async () => {
    renderInRouter(asAuditor(<ExportOf query={transactionListQuery} exportResource="transactions" />), {
      url: '/transaction-list?page=3&size=25&sort=amount&order=asc&search=0xAB12&type=MINT',
      handlers: { 'GET /list': listServer(transactionListQuery, []) },
    });
    const link = await screen.findByRole('link', { name: 'Export CSV of the rows that match the filter' });
    expect(link.hasAttribute('download')).toBe(true);
    const href = new URL(link.getAttribute('href')!, 'http://localhost');
    expect(href.pathname).toBe('/api/admin/export/transactions.csv');
    expect(Object.fromEntries(href.searchParams)).toEqual({ sort: 'amount', order: 'asc', search: '0xab12', type: 'MINT' });
  });

  it('exports every row in the default order when the list has no filter', async () => {
    renderInRouter(asAuditor(<ExportOf query={customerListQuery} exportResource="users" />), {
      url: '/user-list?page=2',
      handlers: { 'GET /list': listServer(customerListQuery, []) },
    });
    const link = await screen.findByRole('link', { name: 'Export CSV of every row' });
    expect(link.getAttribute('href')).toBe('/api/admin/export/users.csv?sort=createdAt&order=desc');
  });

  it('is not there for a role without the export permission (an Administrator, a Teller)', async () => {
    renderInRouter(
      <SignedInRoleProvider value={{ role: 'Administrator', locationId: null }}>
        <ExportOf query={customerListQuery} exportResource="users" />
      </SignedInRoleProvider>,
      { url: '/user-list', handlers: { 'GET /list': listServer(customerListQuery, []) } },
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('link', { name: /^Export CSV/ })).toBeNull();
  });

  it('leaves out empty values', () => {
    expect(csvExportHref('orders', { sort: 'date', order: 'desc', search: '', limit: 10, page: 0 })).toBe(
      '/api/admin/export/orders.csv?sort=date&order=desc',
    );
  });
});
