import { redemptionSortFields, redemptionStatuses, type RedemptionDetail, type RedemptionListItem } from '@gold/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { describeEachEngine } from '../../test/test-app';
import { insertCustomer, insertDenomination, insertRedemption } from '../../test/redemption-fixtures';

/** 33 redemptions over two customers and three denominations: every status, shared request instants, varied totals. */
describeEachEngine('redemption list, counts and detail', (t) => {
  const ids: number[] = [];
  let budi: { id: number; fullName: string };
  let siti: { id: number; fullName: string };
  let d5: number, d10: number, d25: number;

  beforeAll(async () => {
    const { db } = t().database;
    budi = await insertCustomer(db, 'Budi Santoso');
    siti = await insertCustomer(db, 'Siti Rahayu');
    d5 = await insertDenomination(db, 5, 500);
    d10 = await insertDenomination(db, 10, 500);
    d25 = await insertDenomination(db, 25, 500);
    for (let i = 0; i < 33; i++) {
      ids.push(
        await insertRedemption(db, {
          customerId: i % 3 === 0 ? budi.id : siti.id,
          status: redemptionStatuses[i % 5]!,
          pieces: [
            { denominationId: d5, denom: 5, amount: 1 + (i % 3) },
            ...(i % 2 === 0 ? [{ denominationId: d25, denom: 25, amount: 1 }] : []),
            ...(i % 7 === 0 ? [{ denominationId: d10, denom: 10, amount: 2 }] : []),
          ],
          // Pairs share a request instant: only the id keeps pages apart.
          createdAt: new Date(Date.UTC(2026, 9, 1 + Math.floor(i / 2), 3)),
          appointmentDate: `2026-11-${String(1 + (i % 9)).padStart(2, '0')}`,
          timeSlot: [8, 10, 12, 14][i % 4]!,
        }),
      );
    }
  });

  const get = async (url: string) => {
    const response = await t().injectAsAdmin({ method: 'GET', url });
    return { status: response.statusCode, body: response.json() };
  };

  it('answers 401 without a session', async () => {
    for (const url of [
      '/api/admin/list/redeems?limit=5',
      '/api/admin/count/redeems',
      '/api/admin/total/gidrredeemed',
      `/api/admin/redeem/${ids[0]}`,
    ]) {
      expect((await t().app.inject({ method: 'GET', url })).statusCode, url).toBe(401);
    }
  });

  it('pages newest request first by default, rows carrying the customer, dates, amounts, status and time slot', async () => {
    const { status, body } = await get('/api/admin/list/redeems?limit=5&page=0');
    expect(status).toBe(200);
    expect(body.total).toBe(33);
    const first = body.data[0] as RedemptionListItem;
    expect(first).toEqual({
      id: ids[32],
      user: { id: siti.id, fullName: 'Siti Rahayu' },
      createdAt: '2026-10-17T03:00:00.000Z',
      appointmentDate: '2026-11-06',
      total: '40',
      totalFee: '0.4',
      status: 'REDEEMED',
      timeSlot: 8,
    });
    expect((body.data as RedemptionListItem[]).map((r) => r.id)).toEqual([ids[32], ids[31], ids[30], ids[29], ids[28]]);
  });

  it.each(redemptionSortFields.flatMap((sort) => (['asc', 'desc'] as const).map((order) => ({ sort, order }))))(
    'pages by $sort $order exactly as the whole list orders them, with and without a status filter',
    async ({ sort, order }) => {
      for (const filter of ['', '&status=REQUESTED']) {
        const whole = await get(`/api/admin/list/redeems?sort=${sort}&order=${order}${filter}`);
        expect(whole.status).toBe(200);
        const rows = whole.body.data as RedemptionListItem[];
        expect(whole.body.total).toBe(rows.length);
        const key = (r: RedemptionListItem) =>
          sort === 'createdAt'
            ? r.createdAt
            : sort === 'total'
              ? Number(r.total)
              : `${r.appointmentDate} ${String(r.timeSlot).padStart(2, '0')}`;
        for (let i = 1; i < rows.length; i++) {
          const [a, b] = [key(rows[i - 1]!), key(rows[i]!)];
          expect(order === 'asc' ? a <= b : a >= b, `${sort} ${order} row ${i}`).toBe(true);
        }
        for (const limit of [10, 4]) {
          const paged: number[] = [];
          for (let page = 0; page * limit < rows.length; page++) {
            const { body } = await get(`/api/admin/list/redeems?limit=${limit}&page=${page}&sort=${sort}&order=${order}${filter}`);
            expect(body.total).toBe(rows.length);
            paged.push(...(body.data as RedemptionListItem[]).map((r) => r.id));
          }
          expect(paged, `limit ${limit}${filter}`).toEqual(rows.map((r) => r.id));
        }
      }
    },
  );

  it('filters by status, with the exact count of that status as the total', async () => {
    for (const [index, status] of redemptionStatuses.entries()) {
      const expected = ids.filter((_, i) => i % 5 === index).length;
      const { body } = await get(`/api/admin/list/redeems?limit=100&page=0&status=${status}`);
      expect(body.total, status).toBe(expected);
      expect((body.data as RedemptionListItem[]).every((r) => r.status === status)).toBe(true);
    }
  });

  it('streams every row without limit (the spec form)', async () => {
    const { status, body } = await get('/api/admin/list/redeems');
    expect(status).toBe(200);
    expect(body.total).toBe(33);
    expect(new Set((body.data as RedemptionListItem[]).map((r) => r.id)).size).toBe(33);
  });

  it('counts every redemption and totals the REDEEMED ones exactly', async () => {
    expect((await get('/api/admin/count/redeems')).body).toEqual({ count: 33 });
    const redeemed = ids.filter((_, i) => i % 5 === 2);
    const grams = redeemed.reduce((sum, _id, k) => {
      const i = 2 + 5 * k;
      return sum + 5 * (1 + (i % 3)) + (i % 2 === 0 ? 25 : 0) + (i % 7 === 0 ? 20 : 0);
    }, 0);
    expect((await get('/api/admin/total/gidrredeemed')).body).toEqual({ total: String(grams) });
  });

  it('answers one redemption as the spec entity, pieces largest first, with its code state and allowed actions', async () => {
    const { status, body } = await get(`/api/admin/redeem/${ids[0]}`);
    expect(status).toBe(200);
    const detail = body as RedemptionDetail;
    expect(detail).toMatchObject({
      id: ids[0],
      status: 'REQUESTED',
      total: '50',
      details: null,
      user: { id: budi.id, fullName: 'Budi Santoso', ekycStatus: 'VERIFIED' },
      otpStatus: { verified: false, verifiedUntil: null, codeExpiresAt: null, attemptsLeft: 0, nextSendAt: null },
      identityCheck: null,
      location: { id: 1, code: 'JKT-01', name: expect.any(String) },
      pendingConfirmation: null,
      allowedActions: ['sendotp', 'checkotp', 'reject'],
    });
    expect(detail.user.email).toMatch(/@example\.com$/);
    expect(detail.physicalGoldRedeems.map((p) => [p.physicalGold.denom, p.amount])).toEqual([
      [25, 1],
      [10, 2],
      [5, 1],
    ]);
    expect(detail.physicalGoldRedeems[0]!.physicalGold.id).toBe(d25);
    const rejected = (await get(`/api/admin/redeem/${ids[4]}`)).body as RedemptionDetail;
    expect(rejected).toMatchObject({ status: 'REJECTED', details: 'Dokumen tidak lengkap', allowedActions: ['reset'] });
    expect(((await get(`/api/admin/redeem/${ids[1]}`)).body as RedemptionDetail).allowedActions).toEqual([
      'prepare',
      'sendotp',
      'checkotp',
      'identity-check',
      'reject',
    ]);
    expect(((await get(`/api/admin/redeem/${ids[2]}`)).body as RedemptionDetail).allowedActions).toEqual([]);
  });

  it('answers 404 for an unknown redemption and its history', async () => {
    for (const url of ['/api/admin/redeem/999999', '/api/admin/redeem/999999/history']) {
      const { status, body } = await get(url);
      expect(status).toBe(404);
      expect(body.message).toBe('Redemption 999999 not found');
    }
  });

  it('answers an empty history for a redemption nobody has acted on', async () => {
    expect((await get(`/api/admin/redeem/${ids[3]}/history`)).body).toEqual({ data: [] });
  });

  describe('bad queries', () => {
    it.each([
      ['?limit=0', 'querystring.limit'],
      ['?limit=101', 'querystring.limit'],
      ['?limit=10&page=-1', 'querystring.page'],
      ['?page=1', 'querystring.page: page needs limit'],
      ['?sort=customerId', 'querystring.sort'],
      ['?order=newest', 'querystring.order'],
      ['?status=requested', 'querystring.status'],
      ['?status=DELIVERED', 'querystring.status'],
      ['?limit=10&search=budi', 'search'],
    ])('answers 400 naming the problem for %s', async (query, named) => {
      const { status, body } = await get(`/api/admin/list/redeems${query}`);
      expect(status).toBe(400);
      expect(body.message).toContain(named);
    });
  });
});
