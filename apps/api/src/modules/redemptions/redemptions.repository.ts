import { eq, sql, type SQL } from 'drizzle-orm';
import type {
  EkycStatus,
  PhysicalGoldRedeem,
  RedemptionDetail,
  RedemptionHistoryEntry,
  RedemptionListItem,
  RedemptionListQuery,
  RedemptionSortField,
  RedemptionStatus,
} from '@gold/contract';
import { selectRows, type Database, type Executor } from '../../db/client';
import { countedRows, fetchPage, isoTimestamp, streamRows, type ListSource } from '../../db/paging';
import {
  admins,
  auditLog,
  customers,
  goldDenominations,
  redemptionOtps,
  redemptionPieces,
  redemptions,
  vaultConfirmations,
} from '../../db/schema';
import { otpPolicy } from './otp-codes';

const r = redemptions;
const c = customers;

/** A token amount as the contract's decimal text: exact, without trailing zeros ("25", "0.3"). */
const decimalText = (column: unknown) => sql`trim_scale(${column})::text`;

/** Sort fields of the contract -> columns, each ending with the id; indexes in migrations 0006 and 0007 (also under the status filter). */
const redemptionOrderBy: Record<RedemptionSortField, SQL[]> = {
  createdAt: [sql`${r.createdAt}`, sql`${r.id}`],
  appointmentDate: [sql`${r.appointmentDate}`, sql`${r.timeSlot}`, sql`${r.id}`],
  total: [sql`${r.total}`, sql`${r.id}`],
};

/** The list row's columns but the customer. */
const redemptionColumns = sql`${r.id} as "id", ${isoTimestamp(r.createdAt)} as "createdAt", ${r.appointmentDate}::text as "appointmentDate",
  ${decimalText(r.total)} as "total", ${decimalText(r.totalFee)} as "totalFee", ${r.status} as "status", ${r.timeSlot} as "timeSlot"`;

/** The redemptions a list query selects; totals come from the trigger-kept row_counts (per status too). */
function redemptionListSource(status: RedemptionStatus | undefined): ListSource<RedemptionSortField> {
  return {
    select: sql`select ${redemptionColumns}, json_build_object('id', ${c.id}, 'fullName', ${c.fullName}) as "user" from ${r} join ${c} on ${c.id} = ${r.customerId}`,
    where: status ? sql`${r.status} = ${status}` : undefined,
    orderBy: redemptionOrderBy,
    count: (db) => countedRows(db, 'redemptions', status ?? '*'),
  };
}

export function findRedemptionPage(db: Database, query: RedemptionListQuery & { limit: number; page: number }) {
  return fetchPage<RedemptionListItem, RedemptionSortField>(db, redemptionListSource(query.status), query);
}

export function streamRedemptions(db: Database, query: RedemptionListQuery) {
  return streamRows<RedemptionListItem, RedemptionSortField>(db, redemptionListSource(query.status), query);
}

export function countRedemptions(db: Executor): Promise<number> {
  return countedRows(db, 'redemptions');
}

export interface RedemptionRow extends Omit<RedemptionListItem, 'user'> {
  user: RedemptionDetail['user'];
  details: string | null;
  updatedAt: string;
  otp: {
    verifiedUntil: string | null;
    codeExpiresAt: string | null;
    failedAttempts: number;
    nextSendAt: string | null;
  };
}

const o = redemptionOtps;

/** One redemption with its customer and its one-time-code state as of now (undefined when the id is unknown). */
export async function findRedemption(db: Executor, id: number): Promise<RedemptionRow | undefined> {
  const [row] = await selectRows<RedemptionRow>(
    db,
    sql`select ${redemptionColumns},
          json_build_object('id', ${c.id}, 'fullName', ${c.fullName}, 'email', ${c.email}, 'phoneNumber', ${c.phoneNumber},
                            'nik', ${c.nik}, 'walletAddress', ${c.walletAddress}, 'ekycStatus', ${c.ekycStatus}) as "user",
          ${r.rejectReason} as "details", ${isoTimestamp(r.updatedAt)} as "updatedAt",
          json_build_object(
            'verifiedUntil', case when ${o.verifiedUntil} > now() then ${isoTimestamp(o.verifiedUntil)} end,
            'codeExpiresAt', case when ${o.codeHash} is not null and ${o.expiresAt} > now() and ${o.failedAttempts} < ${otpPolicy.maxWrongTries}
                                  then ${isoTimestamp(o.expiresAt)} end,
            'failedAttempts', coalesce(${o.failedAttempts}, 0),
            'nextSendAt', case when ${o.sentAt} + make_interval(secs => ${otpPolicy.resendSeconds}) > now()
                               then ${isoTimestamp(sql`(${o.sentAt} + make_interval(secs => ${otpPolicy.resendSeconds}))`)} end
          ) as "otp"
        from ${r} join ${c} on ${c.id} = ${r.customerId} left join ${o} on ${o.redemptionId} = ${r.id}
        where ${r.id} = ${id}`,
  );
  return row;
}

/** The pieces of a redemption, largest denomination first. */
export function findPieces(db: Executor, redemptionId: number): Promise<PhysicalGoldRedeem[]> {
  const p = redemptionPieces;
  const d = goldDenominations;
  return selectRows<PhysicalGoldRedeem>(
    db,
    sql`select ${p.id} as "id", ${p.amount} as "amount", json_build_object('id', ${d.id}, 'denom', ${d.denom}) as "physicalGold"
        from ${p} join ${d} on ${d.id} = ${p.denominationId}
        where ${p.redemptionId} = ${redemptionId} order by ${d.denom} desc`,
  );
}

/**
 * Every audit entry of a redemption, oldest first, with who made it (and who confirmed it, for a
 * hand-over under four eyes), and the decline or withdrawal of a hand-over proposed for it (written
 * on the confirmation: `hand-over-declined` with the checker's reason, `hand-over-withdrawn`).
 */
export function findHistory(db: Executor, redemptionId: number): Promise<RedemptionHistoryEntry[]> {
  const a = auditLog;
  const c = vaultConfirmations;
  return selectRows<RedemptionHistoryEntry>(
    db,
    sql`select e.id as "id", ${isoTimestamp(sql`e.occurred_at`)} as "occurredAt", e.action as "action",
               e.from_state as "from", e.to_state as "to", e.details ->> 'reason' as "reason",
               case when ${admins.id} is null then null else json_build_object('id', ${admins.id}, 'fullName', ${admins.fullName}) end as "admin",
               case when checker.id is null then null else json_build_object('id', checker.id, 'fullName', checker.full_name) end as "confirmedBy"
        from (
          select ${a.id} as id, ${a.occurredAt} as occurred_at, regexp_replace(${a.action}, '^redemption\\.', '') as action,
                 ${a.fromState} as from_state, ${a.toState} as to_state, ${a.details} as details, ${a.adminId} as admin_id
            from ${a} where ${a.entity} = 'redemption' and ${a.entityId} = ${String(redemptionId)}
          union all
          select ${a.id}, ${a.occurredAt}, case ${a.action} when 'confirmation.decline' then 'hand-over-declined' else 'hand-over-withdrawn' end,
                 null, null, ${a.details}, ${a.adminId}
            from ${a}
           where ${a.entity} = 'vault_confirmation' and ${a.action} in ('confirmation.decline', 'confirmation.withdraw')
             and ${a.entityId} in (select ${c.id}::text from ${c} where ${c.redemptionId} = ${redemptionId} and ${c.kind} = 'hand_over')
        ) e
        left join ${admins} on ${admins.id} = e.admin_id
        left join ${admins} checker on e.action = 'approve' and checker.id = (e.details ->> 'confirmedBy')::int
        order by e.occurred_at, e.id`,
  );
}

export async function redemptionExists(db: Executor, id: number): Promise<boolean> {
  const rows = await selectRows(db, sql`select 1 from ${r} where ${r.id} = ${id}`);
  return rows.length > 0;
}

// ---------------------------------------------------------------------------------------------
// Inside a lifecycle transaction (redemptions.service.ts)
// ---------------------------------------------------------------------------------------------

export interface LockedRedemption {
  id: number;
  status: RedemptionStatus;
  email: string;
  fullName: string;
  /** Where the customer collects it. */
  locationId: number;
  /** Grams of its pieces (= its total). */
  grams: number;
}

/** Locks the redemption row until the transaction ends: every action on one redemption runs one at a time. */
export async function lockRedemption(tx: Executor, id: number): Promise<LockedRedemption | undefined> {
  const [row] = await selectRows<LockedRedemption>(
    tx,
    sql`select ${r.id} as "id", ${r.status} as "status", ${c.email} as "email", ${c.fullName} as "fullName",
               ${r.locationId} as "locationId",
               (select coalesce(sum(p.amount::bigint * d.denom), 0)::float8 from ${redemptionPieces} p join ${goldDenominations} d on d.id = p.denomination_id
                 where p.redemption_id = ${r.id}) as "grams"
        from ${r} join ${c} on ${c.id} = ${r.customerId} where ${r.id} = ${id} for update of ${r}`,
  );
  return row;
}

/**
 * The eKYC status of the redemption's customer, its row share-locked until the transaction ends: a
 * change of status cannot commit between the approval's check and the hand-over.
 */
export async function lockCustomerKyc(tx: Executor, id: number): Promise<EkycStatus | undefined> {
  const [row] = await selectRows<{ ekycStatus: EkycStatus }>(
    tx,
    sql`select ${c.ekycStatus} as "ekycStatus" from ${r} join ${c} on ${c.id} = ${r.customerId} where ${r.id} = ${id} for share of ${c}`,
  );
  return row?.ekycStatus;
}

export async function setStatus(tx: Executor, id: number, status: RedemptionStatus, rejectReason: string | null): Promise<void> {
  await tx
    .update(r)
    .set({ status, rejectReason, updatedAt: sql`now()` })
    .where(eq(r.id, id));
}

export interface OtpRow {
  codeHash: string | null;
  failedAttempts: number;
  /** Timestamps as PostgreSQL text (exact, with the offset), to put back unchanged. */
  sentAt: string | null;
  expiresAt: string | null;
  verifiedUntil: string | null;
  /** Seconds until another code may be sent (0 or less, or null: now). */
  resendInSeconds: number | null;
  expired: boolean;
  verified: boolean;
}

/** The one-time-code row of a locked redemption (consistent: every change to it holds the redemption's lock). */
export async function findOtp(tx: Executor, redemptionId: number): Promise<OtpRow | undefined> {
  const [row] = await selectRows<OtpRow>(
    tx,
    sql`select ${o.codeHash} as "codeHash", ${o.failedAttempts} as "failedAttempts",
               ${o.sentAt}::text as "sentAt", ${o.expiresAt}::text as "expiresAt", ${o.verifiedUntil}::text as "verifiedUntil",
               extract(epoch from ${o.sentAt} + make_interval(secs => ${otpPolicy.resendSeconds}) - now())::float8 as "resendInSeconds",
               coalesce(${o.expiresAt} <= now(), true) as "expired", coalesce(${o.verifiedUntil} > now(), false) as "verified"
        from ${o} where ${o.redemptionId} = ${redemptionId}`,
  );
  return row;
}

/** Stores a new code (its hash) and forgets any earlier code and verification. */
export async function storeNewCode(tx: Executor, redemptionId: number, codeHash: string): Promise<{ sentAt: string; expiresAt: string }> {
  const [row] = await selectRows<{ sentAt: string; expiresAt: string }>(
    tx,
    sql`insert into ${o} (redemption_id, code_hash, sent_at, expires_at, failed_attempts, verified_until)
        values (${redemptionId}, ${codeHash}, now(), now() + make_interval(secs => ${otpPolicy.validSeconds}), 0, null)
        on conflict (redemption_id) do update set code_hash = excluded.code_hash, sent_at = excluded.sent_at,
          expires_at = excluded.expires_at, failed_attempts = 0, verified_until = null
        returning ${isoTimestamp(o.sentAt)} as "sentAt", ${isoTimestamp(o.expiresAt)} as "expiresAt"`,
  );
  return row!;
}

/** Puts back the code row as it was before a send whose mail failed, unless a newer code replaced ours meanwhile. */
export async function restoreCode(tx: Executor, redemptionId: number, ourHash: string, previous: OtpRow | undefined): Promise<void> {
  if (!previous) {
    await tx.execute(sql`delete from ${o} where ${o.redemptionId} = ${redemptionId} and ${o.codeHash} = ${ourHash}`);
    return;
  }
  await tx.execute(
    sql`update ${o} set code_hash = ${previous.codeHash}, sent_at = ${previous.sentAt}::timestamptz,
          expires_at = ${previous.expiresAt}::timestamptz, failed_attempts = ${previous.failedAttempts},
          verified_until = ${previous.verifiedUntil}::timestamptz
        where ${o.redemptionId} = ${redemptionId} and ${o.codeHash} = ${ourHash}`,
  );
}

/** A wrong code: one try fewer. Returns the wrong tries so far. */
export async function countWrongCode(tx: Executor, redemptionId: number): Promise<number> {
  const [row] = await selectRows<{ failedAttempts: number }>(
    tx,
    sql`update ${o} set failed_attempts = failed_attempts + 1 where ${o.redemptionId} = ${redemptionId} returning failed_attempts as "failedAttempts"`,
  );
  return row!.failedAttempts;
}

/** A right code: used up, and the redemption is verified for the next 10 minutes. */
export async function markVerified(tx: Executor, redemptionId: number): Promise<string> {
  const [row] = await selectRows<{ verifiedUntil: string }>(
    tx,
    sql`update ${o} set code_hash = null, failed_attempts = 0, verified_until = now() + make_interval(secs => ${otpPolicy.verifiedSeconds})
        where ${o.redemptionId} = ${redemptionId} returning ${isoTimestamp(o.verifiedUntil)} as "verifiedUntil"`,
  );
  return row!.verifiedUntil;
}

/** A status change ends any code and verification: they belonged to the old status. */
export async function clearOtp(tx: Executor, redemptionId: number): Promise<void> {
  await tx.execute(sql`delete from ${o} where ${o.redemptionId} = ${redemptionId}`);
}
