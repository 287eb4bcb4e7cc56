import { expect, it } from 'vitest';
import { insertCustomer, insertDenomination, insertRedemption } from '../../test/redemption-fixtures';
import { describeEachEngine } from '../../test/test-app';

/**
 * A reset asks for the pieces again, so it is checked like a new request: the pieces must be
 * unreserved at the redemption's location, or one location would promise the same piece twice.
 */
describeEachEngine('reset of a rejected redemption and the stock at its location', (t) => {
  it('is refused while another open redemption holds the last piece there, and allowed once it is free', async () => {
    const db = t().database.db;
    const denominationId = await insertDenomination(db, 3, 1);
    const plan = (customerId: number) => ({
      customerId,
      status: 'PREPARATION' as const,
      pieces: [{ denominationId, denom: 3, amount: 1 }],
    });
    const first = await insertRedemption(db, plan((await insertCustomer(db)).id));
    const post = (action: string, payload: object) => t().injectAsAdmin({ method: 'POST', url: `/api/admin/redeem/${action}`, payload });

    expect((await post('reject', { id: first, reason: 'Jadwal bentrok' })).statusCode).toBe(200);
    const second = await insertRedemption(db, plan((await insertCustomer(db, 'Ayu Lestari')).id));

    const refused = await post('reset', { id: first });
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().message).toBe(
      `Cannot reset redemption ${first}: not enough unreserved pieces at JKT-01: 3 g (1 requested, 0 unreserved)`,
    );
    const denoms = await t().injectAsAdmin({ url: '/api/admin/denoms' });
    expect(denoms.json().data.find((d: { id: number }) => d.id === denominationId)).toMatchObject({ available: 1, reserved: 1 });

    expect((await post('reject', { id: second, reason: 'Batal' })).statusCode).toBe(200);
    const reset = await post('reset', { id: first });
    expect(reset.statusCode, reset.body).toBe(200);
    expect(reset.json().status).toBe('REQUESTED');
  });
});
