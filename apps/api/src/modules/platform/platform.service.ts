import { sql, type SQL } from 'drizzle-orm';
import type {
  PlatformCustomer,
  PlatformCustomerBody,
  PlatformKycBody,
  PlatformPriceBody,
  PlatformPurchase,
  PlatformPurchaseBody,
  PlatformRedemption,
  PlatformRedemptionBody,
  PlatformRedemptionOptions,
} from '@gold/contract';
import { preparedRows, selectRows, type Database, type Executor } from '../../db/client';
import { isoTimestamp } from '../../db/paging';
import {
  customers,
  goldDenominations,
  goldPrices,
  kycNotifications,
  purchaseMints,
  purchases,
  redemptionLimits,
  redemptionPieces,
  redemptions,
  tokenTransactions,
  defaultVaultLocationId,
  vaultLocations,
} from '../../db/schema';
import { badRequest, conflict, notFound, type HttpError } from '../../lib/http-errors';
import { auditInsert, type AuditEntry } from '../audit/audit.repository';
import type { PlatformCaller } from '../credentials/credentials.repository';
import { publishEvent } from '../live-updates/live-updates.repository';
import { findLocation, requestableAtLocation, requestableAtLocationQuery, type RequestableLine } from '../vault/vault-ledger';
import { queueRefundOnRejection } from '../settlement/settlement.service';
import { enqueueWebhookEvent } from '../webhooks/webhooks.repository';
import { appointmentRefusal, timeSlotsOf, type CounterHours } from './counter-hours';

/** Who calls, from where: every change is audited under the credential's name. */
export interface PlatformContext {
  db: Database;
  caller: PlatformCaller;
  ipAddress: string | null;
  /**
   * Stores the answer (status and body) under the request's Idempotency-Key in the change's own
   * transaction, before its last statement, so the change and its answer commit together; the
   * change's audit entry (`auditEntry`) is written by the same statement.
   */
  keep: (tx: Executor, status: number, payload: unknown, audited?: SQL) => Promise<void>;
}

/** A platform change's audit entry, named by its credential: written with the change's answer (`ctx.keep`). */
const auditEntry = (ctx: PlatformContext, entry: Omit<AuditEntry, 'adminId' | 'ipAddress'>) =>
  auditInsert({
    ...entry,
    adminId: null,
    ipAddress: ctx.ipAddress,
    details: { credential: ctx.caller.name, credentialId: ctx.caller.id, ...(entry.details ?? {}) },
  });

/** A unique constraint the platform's input ran into, named in a 409 (the rest is a fault of ours). */
function uniqueViolation(error: unknown): HttpError | null {
  const cause = (error as { cause?: { code?: string; constraint?: string } }).cause ?? (error as { code?: string; constraint?: string });
  if (cause?.code !== '23505') return null;
  const field = /wallet/.test(cause.constraint ?? '')
    ? 'walletAddress'
    : /nik/.test(cause.constraint ?? '')
      ? 'nik'
      : /tx_hash/.test(cause.constraint ?? '')
        ? 'txHash'
        : 'a unique field';
  return conflict(`${field} is already used by another record`);
}

async function rethrowUnique<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw uniqueViolation(error) ?? error;
  }
}

const cu = customers;
const customerColumns = sql`${cu.id} as "id", ${cu.email} as "email", ${cu.fullName} as "fullName", ${cu.walletAddress} as "walletAddress",
  ${cu.ekycStatus} as "ekycStatus", ${isoTimestamp(cu.createdAt)} as "createdAt"`;

export async function findPlatformCustomer(db: Executor, id: number): Promise<PlatformCustomer> {
  const [row] = await selectRows<PlatformCustomer>(db, sql`select ${customerColumns} from ${cu} where ${cu.id} = ${id}`);
  if (!row) throw notFound(`Customer ${id} not found`);
  return row;
}

/** Registers a customer, or updates the one with this e-mail (fields left out keep their value). */
export async function registerCustomer(
  ctx: PlatformContext,
  body: PlatformCustomerBody,
): Promise<{ customer: PlatformCustomer; created: boolean }> {
  return rethrowUnique(() =>
    ctx.db.transaction(async (tx) => {
      const wallet = body.walletAddress.toLowerCase();
      const taken = await selectRows(
        tx,
        sql`select 1 from ${cu} where lower(${cu.walletAddress}) = ${wallet} and ${cu.email} <> ${body.email}`,
      );
      if (taken.length > 0) throw conflict('walletAddress is already used by another customer');
      const [row] = await selectRows<{ id: number; created: boolean }>(
        tx,
        sql`insert into ${cu} (full_name, email, wallet_address, nik, phone_number, dob, gender, province, address)
            values (${body.fullName}, ${body.email}, ${body.walletAddress}, ${body.nik ?? null}, ${body.phoneNumber ?? null},
                    ${body.dob ?? null}, ${body.gender ?? null}, ${body.province ?? null}, ${body.address ?? null})
            on conflict (email) do update set full_name = excluded.full_name, wallet_address = excluded.wallet_address,
              nik = coalesce(excluded.nik, ${cu.nik}), phone_number = coalesce(excluded.phone_number, ${cu.phoneNumber}),
              dob = coalesce(excluded.dob, ${cu.dob}), gender = coalesce(excluded.gender, ${cu.gender}),
              province = coalesce(excluded.province, ${cu.province}), address = coalesce(excluded.address, ${cu.address})
            returning ${cu.id} as "id", (xmax = 0) as "created"`,
      );
      const customer = await findPlatformCustomer(tx, row!.id);
      await ctx.keep(
        tx,
        row!.created ? 201 : 200,
        customer,
        auditEntry(ctx, {
          action: row!.created ? 'platform.customer-register' : 'platform.customer-update',
          entity: 'customer',
          entityId: row!.id,
          details: { email: body.email, walletAddress: body.walletAddress },
        }),
      );
      return { customer, created: row!.created };
    }),
  );
}

/** The eKYC provider's result: kept, and the customer's KYC status follows it (SUCCESS verifies, FAILED rejects). */
export async function recordKyc(ctx: PlatformContext, customerId: number, body: PlatformKycBody) {
  const ekycStatus = body.status === 'SUCCESS' ? 'VERIFIED' : body.status === 'FAILED' ? 'REJECTED' : 'PENDING';
  return ctx.db.transaction(async (tx) => {
    const [before] = await selectRows<{ status: string }>(
      tx,
      sql`select ${cu.ekycStatus} as "status" from ${cu} where ${cu.id} = ${customerId} for update`,
    );
    if (!before) throw notFound(`Customer ${customerId} not found`);
    const [notice] = await selectRows<{ recordedAt: string }>(
      tx,
      sql`insert into ${kycNotifications} (customer_id, status, reference_number) values (${customerId}, ${body.status}, ${body.referenceNumber})
          returning ${isoTimestamp(kycNotifications.createdAt)} as "recordedAt"`,
    );
    await tx
      .update(cu)
      .set({ ekycStatus })
      .where(sql`${cu.id} = ${customerId}`);
    await enqueueWebhookEvent(tx, 'kyc.recorded', {
      customerId,
      status: body.status,
      ekycStatus,
      referenceNumber: body.referenceNumber,
    });
    const recorded = {
      customer: await findPlatformCustomer(tx, customerId),
      referenceNumber: body.referenceNumber,
      recordedAt: notice!.recordedAt,
    };
    await ctx.keep(
      tx,
      201,
      recorded,
      auditEntry(ctx, {
        action: 'platform.kyc-record',
        entity: 'customer',
        entityId: customerId,
        fromState: before.status,
        toState: ekycStatus,
        details: { status: body.status, referenceNumber: body.referenceNumber },
      }),
    );
    return recorded;
  });
}

const pu = purchases;
const pm = purchaseMints;

export async function findPlatformPurchase(db: Executor, id: number): Promise<PlatformPurchase> {
  const [row] = await selectRows<PlatformPurchase>(
    db,
    sql`select ${pu.id} as "id", ${pu.customerId} as "customerId", trim_scale(${pu.amount})::text as "grams", ${pu.priceIdr} as "priceIdr",
               ${isoTimestamp(pu.createdAt)} as "paidAt", ${pm.txHash} as "mintTxHash",
               exists(select 1 from ${tokenTransactions} t where lower(t.txhash) = lower(${pm.txHash}) and t.type = 'MINT') as "mintSeen"
          from ${pu} left join ${pm} on ${pm.purchaseId} = ${pu.id} where ${pu.id} = ${id}`,
  );
  if (!row) throw notFound(`Purchase ${id} not found`);
  return row;
}

/** A paid order: the purchase list shows it at the time it was paid. */
export async function recordPurchase(ctx: PlatformContext, body: PlatformPurchaseBody): Promise<PlatformPurchase> {
  if (Date.parse(body.paidAt) > Date.now() + 60_000) throw badRequest('paidAt must not be in the future');
  return ctx.db.transaction(async (tx) => {
    await findPlatformCustomer(tx, body.customerId);
    const [row] = await selectRows<{ id: number }>(
      tx,
      sql`insert into ${pu} (customer_id, amount, price_idr, created_at) values (${body.customerId}, ${body.grams}, ${body.priceIdr}, ${body.paidAt})
          returning ${pu.id} as "id"`,
    );
    const purchase = await findPlatformPurchase(tx, row!.id);
    await ctx.keep(
      tx,
      201,
      purchase,
      auditEntry(ctx, {
        action: 'platform.purchase-record',
        entity: 'purchase',
        entityId: row!.id,
        details: { customerId: body.customerId, grams: body.grams, priceIdr: body.priceIdr },
      }),
    );
    return purchase;
  });
}

/** Links a purchase to the transaction that minted it (once; the same hash again is a no-op). */
export async function linkPurchaseMint(ctx: PlatformContext, purchaseId: number, txHash: string): Promise<PlatformPurchase> {
  return rethrowUnique(() =>
    ctx.db.transaction(async (tx) => {
      const current = await findPlatformPurchase(tx, purchaseId);
      if (current.mintTxHash !== null) {
        if (current.mintTxHash.toLowerCase() === txHash.toLowerCase()) {
          await ctx.keep(tx, 200, current);
          return current;
        }
        throw conflict(`Purchase ${purchaseId} is already linked to ${current.mintTxHash}`);
      }
      await tx.insert(pm).values({ purchaseId, txHash: txHash.toLowerCase() });
      const linked = await findPlatformPurchase(tx, purchaseId);
      await ctx.keep(
        tx,
        200,
        linked,
        auditEntry(ctx, { action: 'platform.purchase-mint-link', entity: 'purchase', entityId: purchaseId, details: { txHash } }),
      );
      return linked;
    }),
  );
}

/** A new current price, dated by the source's time (the dashboard's staleness is the source's age). */
export async function recordPrice(ctx: PlatformContext, body: PlatformPriceBody) {
  if (Date.parse(body.sourceTime) > Date.now() + 60_000) throw badRequest('sourceTime must not be in the future');
  return ctx.db.transaction(async (tx) => {
    const [row] = await selectRows<{ id: number; sourceTime: string }>(
      tx,
      sql`insert into ${goldPrices} (harga_jual, harga_beli, created_at) values (${body.sellingPrice}, ${body.buybackPrice}, ${body.sourceTime})
          returning ${goldPrices.id} as "id", ${isoTimestamp(goldPrices.createdAt)} as "sourceTime"`,
    );
    const price = { id: row!.id, sellingPrice: body.sellingPrice, buybackPrice: body.buybackPrice, sourceTime: row!.sourceTime };
    await ctx.keep(
      tx,
      201,
      price,
      auditEntry(ctx, {
        action: 'platform.price-record',
        entity: 'gold_price',
        entityId: row!.id,
        details: { sellingPrice: body.sellingPrice, buybackPrice: body.buybackPrice, sourceTime: body.sourceTime },
      }),
    );
    return price;
  });
}

const r = redemptions;

export async function findPlatformRedemption(db: Executor, id: number): Promise<PlatformRedemption> {
  const [row] = await selectRows<PlatformRedemption>(
    db,
    sql`select ${r.id} as "id", ${r.customerId} as "customerId", ${r.status} as "status", trim_scale(${r.total})::text as "total",
               trim_scale(${r.totalFee})::text as "fee", ${r.appointmentDate}::text as "appointmentDate", ${r.timeSlot} as "timeSlot",
               coalesce((select json_agg(json_build_object('denom', g.denom, 'amount', p.amount) order by g.denom desc)
                           from ${redemptionPieces} p join ${goldDenominations} g on g.id = p.denomination_id where p.redemption_id = ${r.id}), '[]') as "pieces",
               ${isoTimestamp(r.createdAt)} as "createdAt", ${isoTimestamp(r.updatedAt)} as "updatedAt"
          from ${r} where ${r.id} = ${id}`,
  );
  if (!row) throw notFound(`Redemption ${id} not found`);
  return row;
}

const g = goldDenominations;

async function currentLimit(db: Executor): Promise<number | null> {
  const [row] = await selectRows<{ gidrlimit: number }>(
    db,
    sql`select ${redemptionLimits.gidrlimit} as "gidrlimit" from ${redemptionLimits} order by ${redemptionLimits.id} desc limit 1`,
  );
  return row?.gidrlimit ?? null;
}

export async function redemptionOptions(
  db: Database,
  hours: CounterHours,
  locationId: number = defaultVaultLocationId,
): Promise<PlatformRedemptionOptions> {
  return db.transaction(
    async (tx) => {
      const location = await findLocation(tx, locationId);
      return {
        limit: await currentLimit(tx),
        location: { id: location.id, code: location.code },
        denominations: (await requestableAtLocation(tx, location.id)).map(({ denom, redeemable, unreserved }) => ({
          denom,
          redeemable,
          unreserved,
        })),
        counter: { days: [...hours.days], timeSlots: timeSlotsOf(hours) },
      };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

/**
 * A customer's redemption request, checked and written in one transaction: the customer's KYC
 * is verified and they have a wallet; each denomination is redeemable and within the current
 * limit; the appointment is a future window of the counter; and every denomination has the
 * pieces unreserved. The denominations are locked (in id order, like approvals) before their
 * pieces are counted, so two requests for the last piece take turns and the second sees the
 * first's reservation: 409.
 */
export async function requestRedemption(
  ctx: PlatformContext,
  body: PlatformRedemptionBody,
  hours: CounterHours,
): Promise<PlatformRedemption> {
  const appointment = appointmentRefusal(hours, body.appointmentDate, body.timeSlot);
  if (appointment) throw conflict(`Cannot request: ${appointment}`);
  const locationId = body.locationId ?? defaultVaultLocationId;
  return ctx.db.transaction(async (tx) => {
    const denoms = body.pieces.map((p) => p.denom);
    const denomList = sql.join(
      denoms.map((denom) => sql`${denom}`),
      sql`, `,
    );
    // One round trip: the customer (held: KYC cannot change under the request), the location, the
    // limit, and the denominations asked for, locked in id order. The stock is read by the next
    // statement, whose snapshot then sees every reservation committed before the locks were granted.
    const [facts] = await preparedRows<{
      ekycStatus: string | null;
      walletAddress: string | null;
      locationCode: string | null;
      limit: number | null;
    }>(
      tx,
      'redemption_request_facts',
      sql`select c.ekyc_status as "ekycStatus", c.wallet_address as "walletAddress", loc.code as "locationCode",
                 (select ${redemptionLimits.gidrlimit} from ${redemptionLimits} order by ${redemptionLimits.id} desc limit 1) as "limit",
                 (select count(*) from (select ${g.id} from ${g} where ${g.denom} in (${denomList}) order by ${g.id} for update) as held)::int as "locked"
            from (select 1) as one
            left join lateral (select ${cu.ekycStatus} as ekyc_status, ${cu.walletAddress} as wallet_address
                                 from ${cu} where ${cu.id} = ${body.customerId} for share) as c on true
            left join ${vaultLocations} loc on loc.id = ${locationId}`,
    );
    if (!facts?.ekycStatus) throw notFound(`Customer ${body.customerId} not found`);
    if (facts.ekycStatus !== 'VERIFIED')
      throw conflict(`Cannot request: customer ${body.customerId}'s KYC is ${facts.ekycStatus}, not VERIFIED`);
    if (!facts.walletAddress) throw conflict(`Cannot request: customer ${body.customerId} has no wallet`);
    if (!facts.locationCode) throw conflict(`Cannot request: vault location ${body.locationId} does not exist`);

    // The stock and the request in one statement. Stock is checked where the pieces are collected (in
    // the vault there minus reserved there), as this statement's snapshot sees it: after the locks
    // above. The request is inserted whatever the stock; a refusal below rolls it back with the
    // transaction (its id is not used again, as after any rollback).
    const total = String(body.pieces.reduce((sum, p) => sum + p.denom * p.amount, 0));
    const wanted = sql.join(
      body.pieces.map((p) => sql`(${p.denom}::int, ${p.amount}::int)`),
      sql`, `,
    );
    const [made] = await preparedRows<{
      stock: RequestableLine[];
      id: number;
      total: string;
      fee: string;
      appointmentDate: string;
      at: string;
    }>(
      tx,
      'redemption_request_insert',
      sql`with stock as (${requestableAtLocationQuery(locationId, denoms)}),
          made as (
            insert into ${r} (customer_id, status, total, total_fee, appointment_date, time_slot, location_id)
            values (${body.customerId}, 'REQUESTED', ${total}, ${body.fee}, ${body.appointmentDate}, ${body.timeSlot}, ${locationId})
            returning id, total, total_fee, appointment_date, created_at
          ), lines as (
            insert into ${redemptionPieces} (redemption_id, denomination_id, amount)
            select made.id, stock.id, wanted.amount from made, (values ${wanted}) as wanted (denom, amount) join stock on stock.denom = wanted.denom
          )
          select (select coalesce(json_agg(stock), '[]'::json) from stock) as "stock",
                 id, trim_scale(total)::text as "total", trim_scale(total_fee)::text as "fee",
                 appointment_date::text as "appointmentDate", ${isoTimestamp(sql`created_at`)} as "at" from made`,
    );
    const stock = made!.stock;
    const limit = facts.limit;
    const problems: string[] = [];
    for (const piece of body.pieces) {
      const line = stock.find((s) => s.denom === piece.denom);
      if (!line) problems.push(`${piece.denom} g is not a denomination of the vault`);
      else if (!line.redeemable) problems.push(`${piece.denom} g is not redeemable`);
      else if (limit !== null && piece.denom > limit) problems.push(`${piece.denom} g is above the current limit of ${limit} g`);
      else if (line.unreserved < piece.amount)
        problems.push(`${piece.denom} g: ${piece.amount} requested, ${Math.max(0, line.unreserved)} unreserved at ${facts.locationCode}`);
    }
    if (problems.length > 0) throw conflict(`Cannot request: ${problems.join('; ')}`);

    const id = made!.id;
    const created: PlatformRedemption = {
      id,
      customerId: body.customerId,
      status: 'REQUESTED',
      total: made!.total,
      fee: made!.fee,
      appointmentDate: made!.appointmentDate,
      timeSlot: body.timeSlot,
      pieces: body.pieces.map((p) => ({ denom: p.denom, amount: p.amount })).sort((a, b) => b.denom - a.denom),
      createdAt: made!.at,
      updatedAt: made!.at,
    };
    await ctx.keep(
      tx,
      201,
      created,
      auditEntry(ctx, {
        action: 'platform.redemption-request',
        entity: 'redemption',
        entityId: id,
        toState: 'REQUESTED',
        details: { customerId: body.customerId, pieces: body.pieces, appointmentDate: body.appointmentDate, timeSlot: body.timeSlot },
      }),
    );
    // The console hears of it from the redemptions' insert trigger (migration 0034), numbered at commit.
    return created;
  });
}

/** The customer cancels a request the counter has not started preparing (REQUESTED): it is rejected with the customer's reason. */
export async function cancelRedemption(ctx: PlatformContext, id: number): Promise<PlatformRedemption> {
  return ctx.db.transaction(async (tx) => {
    const [row] = await selectRows<{ status: string }>(tx, sql`select ${r.status} as "status" from ${r} where ${r.id} = ${id} for update`);
    if (!row) throw notFound(`Redemption ${id} not found`);
    if (row.status !== 'REQUESTED')
      throw conflict(`Cannot cancel: redemption ${id} is ${row.status}; only a REQUESTED one can be cancelled`);
    await tx.execute(
      sql`update ${r} set status = 'REJECTED', reject_reason = 'Cancelled by the customer', updated_at = now() where ${r.id} = ${id}`,
    );
    await tx.execute(sql`delete from redemption_otps where redemption_id = ${id}`);
    // Tokens already escrowed and final go back; a pending escrow is refunded by the settlement step once final.
    const refundId = await queueRefundOnRejection(tx, id, null);
    const cancelled = await findPlatformRedemption(tx, id);
    await ctx.keep(
      tx,
      200,
      cancelled,
      auditEntry(ctx, {
        action: 'platform.redemption-cancel',
        entity: 'redemption',
        entityId: id,
        fromState: 'REQUESTED',
        toState: 'REJECTED',
        details: { reason: 'Cancelled by the customer', ...(refundId ? { refundId } : {}) },
      }),
    );
    await publishEvent(tx, { type: 'redemption.changed', redemptionId: id, status: 'REJECTED' });
    if (refundId) await publishEvent(tx, { type: 'settlement.changed', redemptionId: id });
    return cancelled;
  });
}
