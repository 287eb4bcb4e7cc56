import { eq, sql } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { selectRows } from '../../db/client';
import { chainTransactions, redemptions } from '../../db/schema';
import { insertCustomer, insertDenomination, insertRedemption } from '../../test/redemption-fixtures';
import { describeEachEngine } from '../../test/test-app';
import { insertBurnTransfer, insertChainTransaction } from '../settlement/settlement-fixtures';
import { reserveFigures, toUnits } from './reserve-figures';
import { latestSnapshot, settlementAmounts, snapshotAmounts } from './reserves.repository';
import { recordReserveSnapshot } from './reserves.service';

/**
 * Reserves through a hand-over's settlement: the gold leaves the vault at the approval, the
 * tokens when the burn lands. Between the two the burn is in flight: coverage compares the vault
 * with the supply less it, so it shows no false under-backing, and the history's snapshots
 * (the approval's, the landed burn's) say the same.
 */
describeEachEngine('reserves through a settlement', (t) => {
  const reading = (supply: string, blockNumber: number) => ({
    supply: toUnits(supply),
    blockNumber,
    blockTime: new Date(Date.UTC(2026, 10, 27, 10, blockNumber)),
  });
  const snapshot = async () => reserveFigures(snapshotAmounts((await latestSnapshot(t().database.db))!));
  let redemptionId = 0;

  beforeAll(async () => {
    const { db } = t().database;
    const customer = await insertCustomer(db);
    const ten = await insertDenomination(db, 10, 10);
    redemptionId = await insertRedemption(db, {
      customerId: customer.id,
      status: 'PREPARATION',
      pieces: [{ denominationId: ten, denom: 10, amount: 1 }],
    });
    // 100 grams in the vault backing 100 tokens, 10.1 of them in escrow.
    await db.transaction((tx) => recordReserveSnapshot(tx, { reason: 'start' }, reading('100', 10)));
  });

  it('starts backed at 100%, with the escrow shown beside', async () => {
    expect(await snapshot()).toMatchObject({
      supply: '100',
      vaultGrams: '100',
      burnsInFlight: '0',
      escrowHeld: '10.1',
      coveragePercent: '100',
      backed: true,
    });
  });

  it('an approval whose burn is queued stays at 100%: its snapshot counts the burn in flight', async () => {
    const { db } = t().database;
    await db.transaction(async (tx) => {
      await tx.update(redemptions).set({ status: 'REDEEMED' }).where(eq(redemptions.id, redemptionId));
      await tx.execute(sql`update escrow_deposits set release = 'burn', released_at = now() where redemption_id = ${redemptionId}`);
      await tx
        .insert(chainTransactions)
        .values({ kind: 'burn', redemptionId, toAddress: '0x00000000000000000000000000000000000e5c20', amount: '10' });
      await recordReserveSnapshot(tx, { reason: 'approval' });
    });
    expect(await snapshot()).toMatchObject({
      supply: '100',
      vaultGrams: '90',
      burnsInFlight: '10',
      escrowHeld: '0',
      coveragePercent: '100',
      backed: true,
      shortfallGrams: '0',
    });
    const [crossing] = await selectRows(db, sql`select 1 from audit_log where action = 'reserves.under-backed'`);
    expect(crossing).toBeUndefined();
  });

  it('a burn mined at a block is in flight for readings below it, and landed for readings at or above it', async () => {
    const { db } = t().database;
    await db.delete(chainTransactions).where(eq(chainTransactions.redemptionId, redemptionId));
    const burn = await insertChainTransaction(db, { kind: 'burn', state: 'sent', amount: '10', redemptionId, minedBlock: 12 });
    await insertBurnTransfer(db, { hash: burn.hash!, amount: '10', blockNumber: 12, final: false });
    expect(await settlementAmounts(db, 11)).toMatchObject({ burnsInFlight: toUnits('10') });
    expect(await settlementAmounts(db, 12)).toMatchObject({ burnsInFlight: 0n });
    await db.update(chainTransactions).set({ state: 'final', finalAt: new Date() }).where(eq(chainTransactions.id, burn.id));
    // The live reading at the finalized block 11 (the burn final for the signer, not yet for that reading): still in flight.
    expect(await settlementAmounts(db, 11)).toMatchObject({ burnsInFlight: toUnits('10') });
  });

  it('once the burn lands, the supply is lower, nothing is in flight, and coverage is what it was', async () => {
    const { db } = t().database;
    await db.transaction((tx) => recordReserveSnapshot(tx, { reason: 'mint-burn' }, reading('90', 12)));
    expect(await snapshot()).toMatchObject({ supply: '90', vaultGrams: '90', burnsInFlight: '0', coveragePercent: '100', backed: true });
    const history = await t().injectAsAdmin({ url: '/api/admin/reserves/history?order=asc' });
    expect(
      history.json().data.map((s: { coveragePercent: string; burnsInFlight: string }) => [s.coveragePercent, s.burnsInFlight]),
    ).toEqual([
      ['100', '0'],
      ['100', '10'],
      ['100', '0'],
    ]);
  });

  it('a failed burn is not in flight: the tokens are still out, and the vault short of them', async () => {
    const { db } = t().database;
    await insertChainTransaction(db, { kind: 'burn', state: 'failed', amount: '5', redemptionId: null });
    expect(await settlementAmounts(db, 20)).toMatchObject({ burnsInFlight: 0n });
  });
});
