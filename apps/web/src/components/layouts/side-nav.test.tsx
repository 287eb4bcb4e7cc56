import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { parseFolded } from './menu-folds';
import type { NavGroup } from './navigation';
import { SideNav } from './side-nav';

const groups: NavGroup[] = [
  {
    key: 'Transactions',
    label: 'Transactions',
    items: [
      { label: 'Dashboard', href: '/dashboard', icon: null },
      { label: 'Redemption', href: '/redemption-list', icon: null, alsoActiveOn: ['/redeem'] },
    ],
  },
  { key: 'Account', label: 'Akun', items: [{ label: 'Profil', href: '/profile', icon: null }] },
  { key: 'Others', label: 'Lainnya', items: [{ label: 'Cadangan', href: '/reserves', icon: null }] },
];

function renderMenu(path: string, adminId: number | undefined, collapsed = false) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <nav aria-label="Main menu">
        <SideNav groups={groups} collapsed={collapsed} adminId={adminId} />
      </nav>
    </MemoryRouter>,
  );
}

const groupToggle = (name: string) => screen.getByRole('button', { name });
/** The list of a group's items, named by its header. */
const groupList = (name: string) => screen.getByRole('list', { name, hidden: true });
/** Folded items stay in the page but hidden (`visibility: hidden` once the fold has run). */
const isShown = (label: string) => !screen.getByText(label).closest('.MuiCollapse-hidden');

describe('the side menu', () => {
  it('opens every group by default, and keeps the current page\u2019s group open with a plain header', () => {
    renderMenu('/redeem', 7);
    expect(screen.queryByRole('button', { name: 'Transactions' })).toBeNull();
    expect(within(groupList('Transactions')).getByRole('link', { name: 'Redemption' }).getAttribute('aria-current')).toBe('page');
    for (const name of ['Akun', 'Lainnya']) expect(groupToggle(name).getAttribute('aria-expanded')).toBe('true');
    expect(['Dashboard', 'Redemption', 'Profil', 'Cadangan'].every(isShown)).toBe(true);
  });

  it('folds a group: its items hidden, the choice stored for this admin under the group\u2019s key', async () => {
    renderMenu('/dashboard', 7);
    fireEvent.click(groupToggle('Lainnya'));
    expect(groupToggle('Lainnya').getAttribute('aria-expanded')).toBe('false');
    await waitFor(() => expect(isShown('Cadangan')).toBe(false));
    expect(isShown('Profil')).toBe(true);
    expect(parseFolded(window.localStorage.getItem('back-office.menu-folded.7'))).toEqual(new Set(['Others']));

    fireEvent.click(groupToggle('Lainnya'));
    expect(groupToggle('Lainnya').getAttribute('aria-expanded')).toBe('true');
    await waitFor(() => expect(isShown('Cadangan')).toBe(true));
    expect(window.localStorage.getItem('back-office.menu-folded.7')).toBeNull();
  });

  it('shows each admin the folds it made, and keeps a folded group open while it holds the current page', async () => {
    window.localStorage.setItem('back-office.menu-folded.7', JSON.stringify(['Others', 'Account']));
    const first = renderMenu('/dashboard', 7);
    expect(groupToggle('Lainnya').getAttribute('aria-expanded')).toBe('false');
    expect(groupToggle('Akun').getAttribute('aria-expanded')).toBe('false');
    first.unmount();

    const other = renderMenu('/dashboard', 8);
    expect(groupToggle('Lainnya').getAttribute('aria-expanded')).toBe('true');
    other.unmount();

    renderMenu('/reserves', 7);
    expect(screen.queryByRole('button', { name: 'Lainnya' })).toBeNull();
    expect(isShown('Cadangan')).toBe(true);
    expect(groupToggle('Akun').getAttribute('aria-expanded')).toBe('false');
  });

  it('shows every item in the icon rail, folded or not, with no fold buttons', () => {
    window.localStorage.setItem('back-office.menu-folded.7', JSON.stringify(['Others']));
    renderMenu('/dashboard', 7, true);
    expect(screen.queryAllByRole('button')).toEqual([]);
    expect(isShown('Cadangan')).toBe(true);
    expect(within(groupList('Lainnya')).getByRole('link', { name: 'Cadangan' })).toBeTruthy();
  });

  it('folds nothing without a signed-in admin to remember it for', () => {
    renderMenu('/dashboard', undefined);
    expect(screen.queryAllByRole('button')).toEqual([]);
  });
});

describe('parseFolded', () => {
  it('reads the stored list of group keys, and anything else as nothing folded', () => {
    expect(parseFolded('["Others","Account"]')).toEqual(new Set(['Others', 'Account']));
    expect(parseFolded(null)).toEqual(new Set());
    expect(parseFolded('not json')).toEqual(new Set());
    expect(parseFolded('{"Others":true}')).toEqual(new Set());
    expect(parseFolded('["Others",3]')).toEqual(new Set(['Others']));
  });
});
