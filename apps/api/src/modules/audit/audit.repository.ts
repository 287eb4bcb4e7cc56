import { sql, type SQL } from 'drizzle-orm';
import type { AuditAction, AuditEntry as AuditListEntry, AuditListQuery } from '@gold/contract';
import { selectRows, type Database, type Executor } from '../../db/client';
import { fetchPage, isoTimestamp, streamRows, type ListSource } from '../../db/paging';
import { admins, auditLog } from '../../db/schema';
import { badRequest } from '../../lib/http-errors';

export interface AuditEntry {
  adminId: number | null;
  /** One of the contract's actions, so the console can name and filter every action written. */
  action: AuditAction;
  entity: string;
  entityId?: string | number | null;
  fromState?: string | null;
  toState?: string | null;
  details?: Record<string, unknown>;
  /** The client's address of the request behind the change (request.ip); omit it for work without a request. */
  ipAddress?: string | null;
}

/**
 * Appends to the audit log; call it inside the transaction that makes the change it records. Dated when
 * it is written (clock_timestamp), after the change and the locks it waited for, not when the
 * transaction began: two admins acting on one redemption at once take turns on its row, and the
 * entry of the one that began first but acted second must come second in its history.
 */
export async function recordAudit(db: Executor, entry: AuditEntry): Promise<void> {
  await db.execute(auditInsert(entry));
}

/**
 * The statement recordAudit runs, for a caller that writes the entry together with another change
 * in one statement (the platform API's answer under its Idempotency-Key).
 */
export function auditInsert(entry: AuditEntry): SQL {
  return sql`insert into ${auditLog} (occurred_at, admin_id, action, entity, entity_id, from_state, to_state, details, ip_address)
    values (clock_timestamp(), ${entry.adminId}, ${entry.action}, ${entry.entity}, ${entry.entityId == null ? null : String(entry.entityId)},
            ${entry.fromState ?? null}, ${entry.toState ?? null}, ${entry.details == null ? null : JSON.stringify(entry.details)}::jsonb,
            ${entry.ipAddress ?? null}::inet)`;
}

// ---------------------------------------------------------------------------------------------
// The Audit Log page: GET /admin/audit (read only; the database refuses UPDATE and DELETE)
// ---------------------------------------------------------------------------------------------

const l = auditLog;
type AuditSort = AuditListQuery['sort'];

/** Start of a WIB calendar day (UTC+7, no daylight saving) as an instant. */
const wibDayStart = (day: string, addDays = 0) => {
  const start = new Date(`${day}T00:00:00+07:00`);
  if (Number.isNaN(start.getTime())) throw badRequest(`query: ${day} is not a date`);
  return new Date(start.getTime() + addDays * 86_400_000).toISOString();
};

/** Newest first; each filter (admin, action) has an index ending in (occurred_at, id), read backwards. */
function auditListSource(query: AuditListQuery): ListSource<AuditSort> {
  const conditions: SQL[] = [];
  if (query.adminId !== undefined) conditions.push(sql`${l.adminId} = ${query.adminId}`);
  if (query.action !== undefined) conditions.push(sql`${l.action} = ${query.action}`);
  if (query.from !== undefined) conditions.push(sql`${l.occurredAt} >= ${wibDayStart(query.from)}::timestamptz`);
  if (query.to !== undefined) conditions.push(sql`${l.occurredAt} < ${wibDayStart(query.to, 1)}::timestamptz`);
  const where = conditions.length > 0 ? sql.join(conditions, sql` and `) : undefined;
  return {
    select: sql`select ${l.id} as "id", ${isoTimestamp(l.occurredAt)} as "occurredAt",
                       case when ${admins.id} is null then null
                            else json_build_object('id', ${admins.id}, 'fullName', ${admins.fullName}, 'email', ${admins.email}) end as "admin",
                       ${l.action} as "action", ${l.entity} as "entity", ${l.entityId} as "entityId", ${l.fromState} as "fromState",
                       ${l.toState} as "toState", ${l.details} as "details", host(${l.ipAddress}) as "ipAddress"
                  from ${l} left join ${admins} on ${admins.id} = ${l.adminId}`,
    where,
    orderBy: { occurredAt: [sql`${l.occurredAt}`, sql`${l.id}`] },
    count: async (db) =>
      (await selectRows<{ n: number }>(db, sql`select count(*)::int as n from ${l} ${where ? sql`where ${where}` : sql``}`))[0]?.n ?? 0,
  };
}

export function findAuditPage(db: Database, query: AuditListQuery & { limit: number; page: number }) {
  return fetchPage<AuditListEntry, AuditSort>(db, auditListSource(query), query);
}

export function streamAudit(db: Database, query: AuditListQuery) {
  return streamRows<AuditListEntry, AuditSort>(db, auditListSource(query), query);
}
