import { act, render } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AdminStreamMessage } from '@gold/contract';
import { useLiveUpdates } from './live-updates';
import { queryKeys } from './query-keys';

/**
 * Each event refreshes the queries of what it concerns, and only those, through a stand-in for the
 * browser's EventSource (jsdom has none).
 */
class FakeEventSource {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 2;
  static opened: FakeEventSource[] = [];
  readyState = FakeEventSource.OPEN;
  onmessage: ((event: MessageEvent<string>) => void) | null = null;
  onerror: (() => void) | null = null;
  constructor(readonly url: string) {
    FakeEventSource.opened.push(this);
  }
  close() {
    this.readyState = FakeEventSource.CLOSED;
  }
  send(message: AdminStreamMessage) {
    act(() => this.onmessage?.(new MessageEvent('message', { data: JSON.stringify(message) })));
  }
}

function Live() {
  useLiveUpdates();
  return null;
}

const keys = {
  redemptionList: queryKeys.redemptions.list({ page: 0 }),
  redemption: queryKeys.redemptions.detail(7),
  denominations: queryKeys.denominations.list({ page: 0 }),
  reserves: queryKeys.reserves.current,
  reserveHistory: queryKeys.reserves.history({ page: 0 }),
  transactionList: queryKeys.transactions.list({ page: 0 }),
  transaction: queryKeys.transactions.detail(12),
  unrelated: queryKeys.prices.list({ page: 0 }),
} as const;

function setUp() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  for (const key of Object.values(keys)) queryClient.setQueryData(key, { loaded: true });
  const view = render(
    <QueryClientProvider client={queryClient}>
      <Live />
    </QueryClientProvider>,
  );
  const refreshed = () =>
    Object.entries(keys)
      .filter(([, key]) => queryClient.getQueryState(key)?.isInvalidated)
      .map(([name]) => name)
      .sort();
  return { stream: FakeEventSource.opened.at(-1)!, refreshed, view, queryClient };
}

describe('live updates refresh what changed', () => {
  beforeEach(() => {
    FakeEventSource.opened = [];
    vi.stubGlobal('EventSource', FakeEventSource);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('connects once to GET /admin/events and closes at unmount', () => {
    const { stream, view } = setUp();
    expect(FakeEventSource.opened).toHaveLength(1);
    expect(stream.url).toMatch(/\/admin\/events$/);
    view.unmount();
    expect(stream.readyState).toBe(FakeEventSource.CLOSED);
  });

  it('a redemption changed: redemptions (lists and details), denominations and reserves', () => {
    const { stream, refreshed } = setUp();
    stream.send({ id: 1, type: 'redemption.changed', redemptionId: 7, status: 'REJECTED' });
    expect(refreshed()).toEqual(['denominations', 'redemption', 'redemptionList', 'reserveHistory', 'reserves']);
  });

  it('a redemption changed: its new status shows at once on the lists and its detail, before the refetch', () => {
    const { stream, queryClient } = setUp();
    const list = {
      data: [
        { id: 6, status: 'REQUESTED' },
        { id: 7, status: 'PREPARATION' },
      ],
      total: 2,
    };
    queryClient.setQueryData(keys.redemptionList, list);
    queryClient.setQueryData(keys.redemption, { id: 7, status: 'PREPARATION', user: { fullName: 'Siti' } });
    queryClient.setQueryData(keys.reserves, { id: 7, note: 'not a redemption' });
    stream.send({ id: 4, type: 'redemption.changed', redemptionId: 7, status: 'REDEEMED' });
    expect(queryClient.getQueryData(keys.redemptionList)).toEqual({
      data: [
        { id: 6, status: 'REQUESTED' },
        { id: 7, status: 'REDEEMED' },
      ],
      total: 2,
    });
    expect(queryClient.getQueryData(keys.redemption)).toEqual({ id: 7, status: 'REDEEMED', user: { fullName: 'Siti' } });
    expect(queryClient.getQueryData(keys.reserves)).toEqual({ id: 7, note: 'not a redemption' });
  });

  it('stock changed: denominations and reserves, not the redemptions', () => {
    const { stream, refreshed } = setUp();
    stream.send({ id: 2, type: 'stock.changed', denominationId: 3 });
    expect(refreshed()).toEqual(['denominations', 'reserveHistory', 'reserves']);
  });

  it('reserves changed: the reserves only', () => {
    const { stream, refreshed } = setUp();
    stream.send({ id: 3, type: 'reserves.changed', snapshotId: 9, backed: false });
    expect(refreshed()).toEqual(['reserveHistory', 'reserves']);
  });

  it.each(['stored', 'final', 'rolled-back'] as const)(
    'transfers changed (%s): the Transaction List, its details and the reserves, not the redemptions',
    (change) => {
      const { stream, refreshed } = setUp();
      stream.send({ id: 5, type: 'transactions.changed', change, fromBlock: 70_101 });
      expect(refreshed()).toEqual(['reserveHistory', 'reserves', 'transaction', 'transactionList']);
    },
  );

  it('missed events (refetch): everything shown', () => {
    const { stream, refreshed } = setUp();
    stream.send({ type: 'ready' });
    expect(refreshed()).toEqual([]);
    stream.send({ type: 'refetch' });
    expect(refreshed()).toEqual(Object.keys(keys).sort());
  });

  it('an unreadable message changes nothing', () => {
    const { stream, refreshed } = setUp();
    act(() => stream.onmessage?.(new MessageEvent('message', { data: JSON.stringify({ type: 'something-else' }) })));
    expect(refreshed()).toEqual([]);
  });
});
