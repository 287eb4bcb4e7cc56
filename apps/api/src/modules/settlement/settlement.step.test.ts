import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { selectRows, type Database } from '../../db/client';
import { describeEachEngine } from '../../test/test-app';
import { approveAtCounter, insertCustomer, insertDenomination, insertRedemption, markCodeChecked } from '../../test/redemption-fixtures';
import { runSettlementStep } from './settlement.service';

const escrow = '0x00000000000000000000000000000000000e5c0a';
const treasury = '0x000000000000000000000000000000000007ea50';
const settlement = { escrow, treasury };

let serial = 0;
/** A customer's transfer into the escrow address as the indexer stores it (pending unless final). */
async function indexTransfer(db: Database, from: string, amount: string, final: boolean): Promise<number> {
  const txhash = `0x${'5e'.repeat(24)}${process.pid.toString(16).padStart(8, '0')}${(++serial).toString(16).padStart(8, '0')}`;
  const [row] = await selectRows<{ id: number }>(
    db,
    sql`insert into token_transactions (txhash, log_index, from_address, to_address, amount, type, occurred_at, block_number, block_hash, final)
        values (${txhash}, 0, ${from}, ${escrow}, ${amount}, 'TRANSFER', now(), ${1000 + serial}, ${txhash}, ${final}) returning id`,
  );
  return row!.id;
}

async function walletCustomer(db: Database): Promise<{ id: number; wallet: string }> {
  const customer = await insertCustomer(db, 'Rina Kusuma');
  const wallet = `0x${'ab'.repeat(16)}${customer.id.toString(16).padStart(8, '0')}`;
  await db.execute(sql`update customers set wallet_address = ${wallet.toUpperCase().replace('0X', '0x')} where id = ${customer.id}`);
  return { id: customer.id, wallet };
}

describeEachEngine(
  'settlement step',
  (t) => {
    const db = () => t().database.db;
    const statusOf = async (id: number) =>
      (await selectRows<{ status: string }>(db(), sql`select status from redemptions where id = ${id}`))[0]!.status;
    const depositOf = (transferId: number) =>
      selectRows<{ redemptionId: number | null; unmatchedReason: string | null; release: string | null }>(
        db(),
        sql`select redemption_id as "redemptionId", unmatched_reason as "unmatchedReason", release from escrow_deposits where transfer_id = ${transferId}`,
      );
    const movesOf = (redemptionId: number) =>
      selectRows<{ kind: string; toAddress: string; amount: string; state: string }>(
        db(),
        sql`select kind, to_address as "toAddress", trim_scale(amount)::text as amount, state from chain_transactions
             where redemption_id = ${redemptionId} order by id`,
      );
    const post = async (action: string, payload: object) =>
      t().injectAsAdmin({ method: 'POST', url: `/api/admin/redeem/${action}`, payload });
    const newRequest = async (customerId: number, amount = 1) => {
      const denominationId = await insertDenomination(db(), 1000 + ++serial, 100);
      // total = 1000+serial grams a piece, fee 0.1 a piece (fixtures).
      return insertRedemption(db(), { customerId, status: 'REQUESTED', pieces: [{ denominationId, denom: 1000 + serial, amount }] });
    };
    const dueOf = async (id: number) =>
      (
        await selectRows<{ due: string }>(db(), sql`select trim_scale(total + total_fee)::text as due from redemptions where id = ${id}`)
      )[0]!.due;

    it('matches a pending deposit without moving anything; final, it moves the redemption to PREPARATION, audited', async () => {
      const customer = await walletCustomer(db());
      const older = await newRequest(customer.id);
      const transfer = await indexTransfer(db(), customer.wallet, await dueOf(older), false);
      await runSettlementStep(db(), settlement);
      expect(await depositOf(transfer)).toEqual([{ redemptionId: older, unmatchedReason: null, release: null }]);
      expect(await statusOf(older)).toBe('REQUESTED');
      // Pending: nothing can be handed over yet.
      await markCodeChecked(db(), older);
      expect((await post('approve', { id: older })).statusCode).toBe(409);

      await db().execute(sql`update token_transactions set final = true where id = ${transfer}`);
      expect(await runSettlementStep(db(), settlement)).toMatchObject({ confirmed: 1 });
      expect(await statusOf(older)).toBe('PREPARATION');
      const [audit] = await selectRows<{ action: string; adminId: number | null; from: string; to: string }>(
        db(),
        sql`select action, admin_id as "adminId", from_state as "from", to_state as "to" from audit_log
             where entity = 'redemption' and entity_id = ${String(older)} and action = 'redemption.escrow-confirmed'`,
      );
      expect(audit).toEqual({ action: 'redemption.escrow-confirmed', adminId: null, from: 'REQUESTED', to: 'PREPARATION' });
      // A second step changes nothing more.
      expect(await runSettlementStep(db(), settlement)).toEqual({ recorded: 0, confirmed: 0, refunded: 0 });
    });

    it('sets aside a deposit of the wrong amount, from an unknown wallet, or with no open request', async () => {
      const customer = await walletCustomer(db());
      const request = await newRequest(customer.id);
      const wrong = await indexTransfer(db(), customer.wallet, '0.5', true);
      const stranger = await indexTransfer(db(), `0x${'cd'.repeat(20)}`, await dueOf(request), true);
      const idle = await walletCustomer(db());
      const unasked = await indexTransfer(db(), idle.wallet, '3', true);
      await runSettlementStep(db(), settlement);
      expect(await depositOf(wrong)).toEqual([{ redemptionId: null, unmatchedReason: 'amount-differs', release: null }]);
      expect(await depositOf(stranger)).toEqual([{ redemptionId: null, unmatchedReason: 'unknown-wallet', release: null }]);
      expect(await depositOf(unasked)).toEqual([{ redemptionId: null, unmatchedReason: 'no-open-request', release: null }]);
      expect(await statusOf(request)).toBe('REQUESTED');
    });

    it('a reorganisation that drops the pending transfer drops its deposit; nothing moved, a new deposit matches again', async () => {
      const customer = await walletCustomer(db());
      const request = await newRequest(customer.id);
      const dropped = await indexTransfer(db(), customer.wallet, await dueOf(request), false);
      await runSettlementStep(db(), settlement);
      expect(await depositOf(dropped)).toHaveLength(1);
      // What the watcher's rollback does: delete the abandoned block's transfers.
      await db().execute(sql`delete from token_transactions where id = ${dropped}`);
      expect(await depositOf(dropped)).toEqual([]);
      expect(await statusOf(request)).toBe('REQUESTED');
      const again = await indexTransfer(db(), customer.wallet, await dueOf(request), true);
      await runSettlementStep(db(), settlement);
      expect(await depositOf(again)).toEqual([{ redemptionId: request, unmatchedReason: null, release: null }]);
      expect(await statusOf(request)).toBe('PREPARATION');
    });

    it('approve burns the total and moves the fee to the treasury; the deposit is released once', async () => {
      const customer = await walletCustomer(db());
      const request = await newRequest(customer.id, 2);
      await indexTransfer(db(), customer.wallet, await dueOf(request), true);
      await runSettlementStep(db(), settlement);
      const approved = await approveAtCounter(t().injectAsAdmin, db(), request);
      expect(approved.statusCode, approved.body).toBe(200);
      const [total] = await selectRows<{ total: string }>(
        db(),
        sql`select trim_scale(total)::text as total from redemptions where id = ${request}`,
      );
      expect(await movesOf(request)).toEqual([
        { kind: 'burn', toAddress: escrow, amount: total!.total, state: 'queued' },
        { kind: 'fee', toAddress: treasury, amount: '0.2', state: 'queued' },
      ]);
      // The database refuses a second burn of the same redemption whatever the code does.
      await expect(
        db().execute(
          sql`insert into chain_transactions (kind, redemption_id, to_address, amount) values ('burn', ${request}, ${escrow}, 1)`,
        ),
      ).rejects.toThrow();
    });

    it('reject refunds a final deposit at once, a pending one once final; a reset needs a new escrow', async () => {
      const customer = await walletCustomer(db());
      const held = await newRequest(customer.id);
      await indexTransfer(db(), customer.wallet, await dueOf(held), true);
      await runSettlementStep(db(), settlement);
      expect((await post('reject', { id: held, reason: 'Nasabah membatalkan' })).statusCode).toBe(200);
      expect(await movesOf(held)).toEqual([{ kind: 'refund', toAddress: customer.wallet, amount: await dueOf(held), state: 'queued' }]);

      const pending = await newRequest(customer.id);
      const transfer = await indexTransfer(db(), customer.wallet, await dueOf(pending), false);
      await runSettlementStep(db(), settlement);
      expect((await post('reject', { id: pending, reason: 'Nasabah membatalkan' })).statusCode).toBe(200);
      expect(await movesOf(pending)).toEqual([]);
      await db().execute(sql`update token_transactions set final = true where id = ${transfer}`);
      expect(await runSettlementStep(db(), settlement)).toMatchObject({ refunded: 1 });
      expect(await movesOf(pending)).toEqual([
        { kind: 'refund', toAddress: customer.wallet, amount: await dueOf(pending), state: 'queued' },
      ]);

      // Reset: back to REQUESTED; the refunded deposit is not its escrow any more.
      expect((await post('reset', { id: held })).statusCode).toBe(200);
      await runSettlementStep(db(), settlement);
      expect(await statusOf(held)).toBe('REQUESTED');
      await markCodeChecked(db(), held);
      expect((await post('approve', { id: held })).statusCode).toBe(409);
    });
  },
  // Denominations of a kilogram and more: handed over by one admin here (four eyes is the counter's test).
  { env: { SETTLEMENT_ESCROW_ADDRESS: escrow, SETTLEMENT_TREASURY_ADDRESS: treasury, HANDOVER_CONFIRMATION_GRAMS: '1000000' } },
);
