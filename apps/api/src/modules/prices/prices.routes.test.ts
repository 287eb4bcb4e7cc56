import { expect, it } from 'vitest';
import { goldPrices } from '../../db/schema';
import { describeEachEngine } from '../../test/test-app';

describeEachEngine('prices', (t) => {
  const get = async (url: string, signedIn = true) => {
    const response = signedIn ? await t().injectAsAdmin({ method: 'GET', url }) : await t().app.inject({ method: 'GET', url });
    return { status: response.statusCode, body: response.json() };
  };

  it('answers 404 before any price is recorded', async () => {
    expect(await get('/api/price', false)).toEqual({
      status: 404,
      body: expect.objectContaining({ message: 'No price has been recorded yet' }),
    });
    expect((await get('/api/admin/price/history')).body).toEqual({ data: [] });
  });

  it('GET /price answers the newest price to anyone (harga_jual), no session needed', async () => {
    const hourMs = 3_600_000;
    const now = Date.now();
    // 45 days of prices, two a day (06:00 and 15:00 WIB), newest last; inserted out of order.
    const rows = [];
    for (let day = 44; day >= 0; day--) {
      const midnightWib = Math.floor((now + 7 * hourMs) / (24 * hourMs)) * 24 * hourMs - 7 * hourMs - day * 24 * hourMs;
      // The morning price at WIB midnight: today then always has one, whatever the hour (from 06:00
      // it failed between 17:00 and 23:00 UTC, before the first price of the WIB day).
      for (const [hour, bump] of [
        [0, 0],
        [15, 500],
      ] as const) {
        const at = midnightWib + hour * hourMs;
        if (at > now) continue;
        rows.push({ hargaJual: 1_500_000 + day * 1000 + bump, hargaBeli: 1_400_000 + day * 1000, createdAt: new Date(at) });
      }
    }
    await t()
      .database.db.insert(goldPrices)
      .values([...rows].reverse());
    const newest = rows.at(-1)!;
    const { status, body } = await get('/api/price', false);
    expect(status).toBe(200);
    expect(body).toEqual({
      harga_jual: newest.hargaJual,
      harga_beli: newest.hargaBeli,
      createdAt: newest.createdAt.toISOString(),
      stale: expect.any(Boolean),
      staleAfterMinutes: 60,
    });
  });

  it('the history gives one point a WIB day (its last price), oldest first, for the days asked', async () => {
    const week = (await get('/api/admin/price/history?days=7')).body.data as Array<{
      date: string;
      harga_jual: number;
      harga_beli: number;
    }>;
    expect(week.length).toBeGreaterThanOrEqual(7);
    expect(week.length).toBeLessThanOrEqual(8);
    const dates = week.map((p) => p.date);
    expect([...dates].sort()).toEqual(dates);
    expect(new Set(dates).size).toBe(dates.length);
    const today = new Date(Date.now() + 7 * 3_600_000).toISOString().slice(0, 10);
    expect(dates.at(-1)).toBe(today);
    // A full day's point is its afternoon price (the morning one + 500).
    expect(week[week.length - 2]!.harga_jual - week[week.length - 2]!.harga_beli).toBe(100_500);
    expect((await get('/api/admin/price/history')).body.data.length).toBeGreaterThanOrEqual(30);
    expect((await get('/api/admin/price/history?days=366')).body.data.length).toBe(45);
  });

  it.each([
    ['?days=0', 'querystring.days: days must be at least 1'],
    ['?days=367', 'querystring.days: days must be at most 366'],
    ['?days=1.5', 'querystring.days: days must be a whole number'],
    ['?days=week', 'querystring.days'],
    ['?days=7&from=2026-01-01', 'from'],
  ])('history%s answers 400 naming %s', async (query, named) => {
    const { status, body } = await get(`/api/admin/price/history${query}`);
    expect(status).toBe(400);
    expect(body.message).toContain(named);
  });

  it('the history needs a session', async () => {
    expect((await get('/api/admin/price/history', false)).status).toBe(401);
  });
});

describeEachEngine(
  'the latest price’s staleness',
  (t) => {
    const latest = async () => (await t().app.inject({ method: 'GET', url: '/api/price' })).json();
    const recordAgo = async (minutes: number, hargaJual: number) =>
      t()
        .database.db.insert(goldPrices)
        .values({ hargaJual, hargaBeli: hargaJual - 90_000, createdAt: new Date(Date.now() - minutes * 60_000) });

    it('flags a price older than PRICE_STALE_AFTER_MINUTES by its source’s time, and not a fresh one', async () => {
      await recordAgo(45, 1_500_000);
      expect(await latest()).toMatchObject({ harga_jual: 1_500_000, stale: true, staleAfterMinutes: 30 });
      await recordAgo(5, 1_510_000);
      expect(await latest()).toMatchObject({ harga_jual: 1_510_000, stale: false, staleAfterMinutes: 30 });
    });
  },
  { env: { PRICE_STALE_AFTER_MINUTES: '30' } },
);
