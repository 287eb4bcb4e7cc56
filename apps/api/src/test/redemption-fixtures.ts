import { sql } from 'drizzle-orm';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import type { IdentityCheckBody, RedemptionStatus } from '@gold/contract';
import { selectRows, type Database } from '../db/client';
import {
  customers,
  escrowDeposits,
  goldDenominations,
  redemptionOtps,
  redemptionPieces,
  redemptions,
  tokenTransactions,
} from '../db/schema';
import { demoSettlementAddresses } from '../modules/settlement/settlement-addresses';

/** Test data written straight into the database (what the customer app and the token backend would have written). */

let customerSerial = 0;

export async function insertCustomer(db: Database, fullName = 'Siti Rahayu'): Promise<{ id: number; email: string; fullName: string }> {
  const email = `customer.${process.pid}.${++customerSerial}.${Date.now()}@example.com`;
  const [row] = await db
    .insert(customers)
    .values({ fullName, email, ekycStatus: 'VERIFIED', emailStatus: 'VERIFIED' })
    .returning({ id: customers.id });
  return { id: row!.id, email, fullName };
}

export async function insertDenomination(db: Database, denom: number, amount: number, redeemable = true): Promise<number> {
  const [row] = await db.insert(goldDenominations).values({ denom, amount, redeemable }).returning({ id: goldDenominations.id });
  return row!.id;
}

export interface PlannedRedemption {
  customerId: number;
  status: RedemptionStatus;
  /** Pieces: how many of which denomination (id and grams). */
  pieces: Array<{ denominationId: number; denom: number; amount: number }>;
  createdAt?: Date;
  appointmentDate?: string;
  timeSlot?: number;
  rejectReason?: string | null;
}

/** A redemption with its pieces; total = sum of pieces x grams, fee 0.10 a piece (as the demo data). */
export async function insertRedemption(db: Database, plan: PlannedRedemption): Promise<number> {
  const grams = plan.pieces.reduce((sum, p) => sum + p.amount * p.denom, 0);
  const count = plan.pieces.reduce((sum, p) => sum + p.amount, 0);
  const [row] = await db
    .insert(redemptions)
    .values({
      customerId: plan.customerId,
      status: plan.status,
      total: String(grams),
      totalFee: (count / 10).toFixed(2),
      appointmentDate: plan.appointmentDate ?? '2026-12-01',
      timeSlot: plan.timeSlot ?? 10,
      rejectReason: plan.rejectReason ?? (plan.status === 'REJECTED' ? 'Dokumen tidak lengkap' : null),
      createdAt: plan.createdAt,
    })
    .returning({ id: redemptions.id });
  if (plan.pieces.length > 0) {
    await db
      .insert(redemptionPieces)
      .values(plan.pieces.map((p) => ({ redemptionId: row!.id, denominationId: p.denominationId, amount: p.amount })));
  }
  // PREPARATION means the customer's escrow is final (the settlement step moved it there): it holds a deposit.
  if (plan.status === 'PREPARATION') await insertEscrowDeposit(db, row!.id);
  return row!.id;
}

let escrowSerial = 0;

/**
 * The customer's transfer of total + fee into the escrow address, and its deposit held for the
 * redemption, as the indexer and the settlement step would have written them (final unless
 * told otherwise; a seeded transfer without a block, as the demo data's).
 */
export async function insertEscrowDeposit(db: Database, redemptionId: number, options: { final?: boolean } = {}): Promise<number> {
  const [due] = await selectRows<{ amount: string; wallet: string }>(
    db,
    sql`select trim_scale(r.total + r.total_fee)::text as amount,
               coalesce(lower(c.wallet_address), '0x' || lpad(to_hex(c.id), 40, '0')) as wallet
          from redemptions r join customers c on c.id = r.customer_id where r.id = ${redemptionId}`,
  );
  const txhash = `0x${process.pid.toString(16).padStart(8, '0')}${(++escrowSerial).toString(16).padStart(8, '0')}${redemptionId.toString(16).padStart(48, '0')}`;
  const [transfer] = await db
    .insert(tokenTransactions)
    .values({
      txhash,
      fromAddress: due!.wallet,
      toAddress: demoSettlementAddresses.escrow,
      amount: due!.amount,
      type: 'TRANSFER',
      occurredAt: new Date(),
      final: options.final ?? true,
    })
    .returning({ id: tokenTransactions.id });
  const [deposit] = await db
    .insert(escrowDeposits)
    .values({ transferId: transfer!.id, fromAddress: due!.wallet, amount: due!.amount, redemptionId })
    .returning({ id: escrowDeposits.id });
  return deposit!.id;
}

/** As if a code had been checked just now: approve is allowed for 10 minutes. */
export async function markCodeChecked(db: Database, redemptionId: number): Promise<void> {
  await db
    .insert(redemptionOtps)
    .values({ redemptionId, verifiedUntil: sql`now() + interval '10 minutes'` })
    .onConflictDoUpdate({ target: redemptionOtps.redemptionId, set: { verifiedUntil: sql`now() + interval '10 minutes'` } });
}

/** What the teller records at the counter in tests: the customer's KTP, ending 0007. */
const testIdentityCheck: IdentityCheckBody = { documentType: 'KTP', last4: '0007' };

type Inject = (options: InjectOptions) => Promise<LightMyRequestResponse>;

/** The teller records the identity document checked (through the API, as the signed-in admin of `inject`). */
export async function checkIdentity(inject: Inject, redemptionId: number, check: IdentityCheckBody = testIdentityCheck): Promise<void> {
  const response = await inject({ method: 'POST', url: `/api/admin/redeem/${redemptionId}/identity-check`, payload: check });
  if (response.statusCode !== 201) throw new Error(`identity check of ${redemptionId} refused: ${response.statusCode} ${response.body}`);
}

/**
 * The counter's whole walk for a PREPARATION redemption: the customer's code checked (as
 * `markCodeChecked`), the identity document recorded, then approve; answers approve's response
 * (200 handed over, or 202 with a pending confirmation above HANDOVER_CONFIRMATION_GRAMS).
 */
export async function approveAtCounter(inject: Inject, db: Database, redemptionId: number): Promise<LightMyRequestResponse> {
  await markCodeChecked(db, redemptionId);
  await checkIdentity(inject, redemptionId);
  return inject({ method: 'POST', url: '/api/admin/redeem/approve', payload: { id: redemptionId } });
}

/** Everything a refused action must leave as it was: the redemption, its code row and its audit entries. */
export async function redemptionState(db: Database, id: number) {
  const [row] = await selectRows(
    db,
    sql`select r.status, r.reject_reason, r.updated_at::text,
               (select row_to_json(o) from redemption_otps o where o.redemption_id = r.id) as otp,
               (select count(*)::int from audit_log a where a.entity = 'redemption' and a.entity_id = r.id::text) as audit_entries
        from redemptions r where r.id = ${id}`,
  );
  return row;
}

/** The vault as the database counts it now, per denomination id: stock, pieces redeemed (recounted from the pieces) and available. */
export async function recountedStock(db: Database) {
  return selectRows<{ id: number; denom: number; amount: number; redeemed: number; available: number; kept: number }>(
    db,
    sql`select d.id, d.denom, d.amount,
               coalesce((select sum(p.amount) from redemption_pieces p join redemptions r on r.id = p.redemption_id
                          where p.denomination_id = d.id and r.status = 'REDEEMED'), 0)::int as redeemed,
               d.amount - coalesce((select sum(p.amount) from redemption_pieces p join redemptions r on r.id = p.redemption_id
                          where p.denomination_id = d.id and r.status = 'REDEEMED'), 0)::int as available,
               coalesce((select k.pieces from denomination_piece_counts k where k.denomination_id = d.id and k.status = 'REDEEMED'), 0)::int as kept
        from gold_denominations d order by d.id`,
  );
}
