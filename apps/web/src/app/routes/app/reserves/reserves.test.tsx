import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { reserveHistoryQuery, type IndexerStatus, type ReserveSnapshot, type ReservesResponse } from '@gold/contract';
import { jsonResponse } from '@/testing/http';
import { listServer } from '@/testing/list-server';
import { renderSignedIn } from '@/testing/render-app';

/** The Reserves screen on stubbed API answers: what it says backed, under-backed, and with the chain unreadable. */

const reading = {
  supply: '150.25',
  vaultGrams: '100',
  reservedGrams: '25',
  coveragePercent: '66.5557',
  backed: false,
  shortfallGrams: '50.25',
  blockNumber: 12345,
  blockTime: '2026-01-02T03:04:05.000Z',
} satisfies ReservesResponse['reading'];

/** Two locations adding up to the reading's 100 g in the vault and 25 g reserved. */
const byLocation: ReservesResponse['byLocation'] = [
  { locationId: 1, code: 'JKT-01', name: 'Jakarta', available: 8, reserved: 2, vaultGrams: '80', reservedGrams: '20' },
  { locationId: 2, code: 'SBY-01', name: 'Surabaya', available: 2, reserved: 1, vaultGrams: '20', reservedGrams: '5' },
];

const snapshot = (id: number, figures: Partial<ReserveSnapshot> = {}): ReserveSnapshot => ({
  id,
  createdAt: `2026-01-0${id}T03:00:00.000Z`,
  reason: 'mint-burn',
  ...reading,
  ...figures,
});

function handlers(reserves: ReservesResponse, snapshots: ReserveSnapshot[] = []) {
  return {
    'GET /admin/reserves': () => jsonResponse(200, reserves),
    'GET /admin/reserves/history': listServer(reserveHistoryQuery, snapshots),
  };
}

describe('/reserves', () => {
  it('under-backed: the alarm with the shortfall, the figures, exact coverage cut (never rounded up) and the block', async () => {
    renderSignedIn(
      '/reserves',
      handlers({ status: 'live', message: null, reading, readAt: '2026-01-02T03:05:00.000Z', ageSeconds: 0, byLocation }, [
        snapshot(1, { reason: 'start', supply: '0', vaultGrams: '100', coveragePercent: null, backed: true, shortfallGrams: '0' }),
        snapshot(2),
      ]),
      { productSymbol: 'GIDR' },
    );
    const alarm = await screen.findByTestId('under-backed-banner');
    expect(within(alarm).getByText('Under-backed: 50,25 g short')).toBeTruthy();
    expect(alarm.textContent).toContain('150,25 GIDR are outstanding against 100,00 g of gold in the vault (coverage 66,55%)');
    const figures = screen.getByTestId('reserve-figures').textContent;
    for (const text of ['GIDR outstanding', '150,25', '100,00 g', '25,00 g', '66,55%', 'Short by 50,25 g']) expect(figures).toContain(text);
    expect(screen.getByTestId('reserve-block').textContent).toMatch(/^Supply read at block 12\.345 \(02 Jan 2026, 10\.04 WIB\)/);
    expect(screen.queryByTestId('reserves-stale-banner')).toBeNull();
    const locations = screen.getByRole('region', { name: 'Gold in the vault by location' });
    expect(within(locations).getByRole('row', { name: /SBY-01 · Surabaya 2 20,00 g 5,00 g/ })).toBeTruthy();
    const history = await screen.findByRole('grid', { name: 'Reserves history' });
    expect(await within(history).findByText('Short 50,25 g')).toBeTruthy();
    expect(within(history).getByText('First reading')).toBeTruthy();
  });

  it('backed: no alarm, every token backed', async () => {
    renderSignedIn(
      '/reserves',
      handlers({
        status: 'live',
        message: null,
        reading: { ...reading, vaultGrams: '200', coveragePercent: '133.1114', backed: true, shortfallGrams: '0' },
        readAt: '2026-01-02T03:05:00.000Z',
        ageSeconds: 0,
        byLocation: [],
      }),
    );
    expect(await screen.findByText('Every token is backed')).toBeTruthy();
    expect(screen.queryByTestId('under-backed-banner')).toBeNull();
    expect(screen.getByTestId('reserve-figures').textContent).toContain('133,11%');
    expect(await screen.findByText('No snapshot of the reserves yet.')).toBeTruthy();
  });

  it('a hand-over whose burn is in flight: backed, with the tokens in escrow and the burns in flight beside coverage', async () => {
    renderSignedIn(
      '/reserves',
      handlers({
        status: 'live',
        message: null,
        // 150.25 outstanding, 50.25 of them burning for a hand-over whose gold left the vault: 100 g back 100.
        reading: { ...reading, burnsInFlight: '50.25', escrowHeld: '12.5', coveragePercent: '100', backed: true, shortfallGrams: '0' },
        readAt: '2026-01-02T03:05:00.000Z',
        ageSeconds: 0,
        byLocation: [],
      }),
    );
    expect(await screen.findByText('Every token is backed')).toBeTruthy();
    expect(screen.queryByTestId('under-backed-banner')).toBeNull();
    const settlement = screen.getByTestId('reserve-settlement');
    expect(within(settlement).getByText('Burns in flight')).toBeTruthy();
    expect(settlement.textContent).toContain('50,25');
    expect(settlement.textContent).toContain('12,50');
  });

  it('chain unreadable: says so, with the last good reading and its age', async () => {
    renderSignedIn(
      '/reserves',
      handlers({
        status: 'stale',
        message: 'The chain node does not answer (connection refused): showing the last good reading',
        reading,
        readAt: '2026-01-02T03:05:00.000Z',
        ageSeconds: 3 * 3600 + 5 * 60,
        byLocation: [],
      }),
    );
    const stale = await screen.findByTestId('reserves-stale-banner');
    expect(within(stale).getByText('The chain cannot be read: last good reading, 3 h 5 min old')).toBeTruthy();
    expect(stale.textContent).toContain('The chain node does not answer (connection refused)');
    // The last good figures stay shown, the alarm with them.
    expect(screen.getByTestId('reserve-figures').textContent).toContain('150,25');
    expect(screen.getByTestId('under-backed-banner')).toBeTruthy();
  });

  it('never read: says so and shows no figure', async () => {
    renderSignedIn(
      '/reserves',
      handlers({
        status: 'unavailable',
        message: 'The chain is not being read (the node did not start or is not reachable): showing the last good reading',
        reading: null,
        readAt: null,
        ageSeconds: null,
        byLocation: [],
      }),
    );
    expect(await screen.findByText('No reading of the reserves yet')).toBeTruthy();
    expect(screen.queryByTestId('reserve-figures')).toBeNull();
    expect(screen.queryByTestId('under-backed-banner')).toBeNull();
  });

  it('shows the chain indexer: head, finalized and indexed blocks, lag, and a halt with its error and time', async () => {
    const indexer: IndexerStatus = {
      state: 'halted',
      headBlock: 70_120,
      finalizedBlock: 70_056,
      indexedBlock: 70_100,
      lagBlocks: 20,
      lagSeconds: 40,
      stalled: false,
      lastError: 'reorganisation deeper than 256 blocks at block 70101',
      lastErrorAt: '2026-01-02T03:04:05.000Z',
      lastReorg: null,
    };
    renderSignedIn('/reserves', {
      ...handlers({ status: 'live', message: null, reading, readAt: '2026-01-02T03:05:00.000Z', ageSeconds: 0, byLocation }),
      'GET /health/ready': () => jsonResponse(200, { status: 'ok', database: 'up', indexer }),
    });
    const panel = await screen.findByRole('region', { name: 'Chain indexer' });
    await within(panel).findByText('70.120');
    for (const text of [
      'Head block',
      '70.056',
      '70.100',
      '20 blocks, 40 s',
      'reorganisation deeper than 256 blocks at block 70101 (02 Jan 2026, 10.04 WIB)',
    ]) {
      expect(panel.textContent).toContain(text);
    }
    expect(within(panel).getByRole('alert').textContent).toContain('Indexing stopped: reorganisation deeper than 256 blocks');
  });
});
