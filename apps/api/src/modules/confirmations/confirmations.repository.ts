import { sql, type SQL } from 'drizzle-orm';
import type { Confirmation, ConfirmationKind, ConfirmationListQuery } from '@gold/contract';
import { selectRows, type Database, type Executor } from '../../db/client';
import { fetchPage, isoTimestamp, streamRows, type ListSource } from '../../db/paging';
import { admins, vaultConfirmations, vaultLocations } from '../../db/schema';
import { recordAudit } from '../audit/audit.repository';
import { publishEvent } from '../live-updates/live-updates.repository';

const c = vaultConfirmations;
const l = vaultLocations;

export interface ProposedConfirmation {
  kind: ConfirmationKind;
  makerId: number;
  /** One line for the list, e.g. "Receipt of 20 × 10 g at JKT-01 (DO-2026-118)". */
  summary: string;
  /** What was proposed, checked (the executor reads it back at the confirmation). */
  payload: Record<string, unknown>;
  locationId?: number | null;
  redemptionId?: number | null;
  grams: number | string;
  pieceCount: number;
  ipAddress?: string | null;
}

const maker = sql.raw('maker');
const checker = sql.raw('checker');

/** The contract's Confirmation, one row a confirmation. */
function selectConfirmations(where: SQL | undefined): SQL {
  return sql`select ${c.id} as "id", ${c.kind} as "kind", ${c.status} as "status", ${c.summary} as "summary",
                    ${c.grams}::int as "grams", ${c.pieceCount} as "pieceCount",
                    case when ${l.id} is null then null else json_build_object('id', ${l.id}, 'code', ${l.code}, 'name', ${l.name}) end as "location",
                    ${c.redemptionId} as "redemptionId", ${c.payload} as "details",
                    json_build_object('id', ${maker}.id, 'fullName', ${maker}.full_name) as "maker",
                    case when ${checker}.id is null then null else json_build_object('id', ${checker}.id, 'fullName', ${checker}.full_name) end as "checker",
                    ${c.declineReason} as "declineReason",
                    ${isoTimestamp(c.createdAt)} as "createdAt",
                    case when ${c.decidedAt} is null then null else ${isoTimestamp(c.decidedAt)} end as "decidedAt"
             from ${c}
             join ${admins} ${maker} on ${maker}.id = ${c.makerId}
             left join ${admins} ${checker} on ${checker}.id = ${c.checkerId}
             left join ${l} on ${l.id} = ${c.locationId}
             ${where ? sql`where ${where}` : sql``}`;
}

export async function findConfirmation(db: Executor, id: number): Promise<Confirmation | null> {
  const [row] = await selectRows<Confirmation>(db, selectConfirmations(sql`${c.id} = ${id}`));
  return row ?? null;
}

/**
 * A four-eyes proposal, inside the caller's transaction: stored pending, audited, and announced
 * (a `confirmations.changed` event: the caller must publish nothing after it, publishEvent is a
 * transaction's last statement). Nothing moves until another admin confirms it.
 */
export async function proposeConfirmation(
  tx: Executor,
  input: ProposedConfirmation,
  options: { announce?: boolean } = {},
): Promise<Confirmation> {
  const [row] = await selectRows<{ id: number }>(
    tx,
    sql`insert into ${c} (kind, maker_id, summary, payload, location_id, redemption_id, grams, piece_count)
        values (${input.kind}, ${input.makerId}, ${input.summary}, ${JSON.stringify(input.payload)}::jsonb, ${input.locationId ?? null},
                ${input.redemptionId ?? null}, ${String(input.grams)}::numeric::bigint, ${input.pieceCount})
        returning ${c.id} as "id"`,
  );
  const id = row!.id;
  await recordAudit(tx, {
    adminId: input.makerId,
    action: 'confirmation.propose',
    entity: 'vault_confirmation',
    entityId: id,
    toState: 'pending',
    details: {
      kind: input.kind,
      summary: input.summary,
      grams: Number(input.grams),
      pieceCount: input.pieceCount,
      redemptionId: input.redemptionId ?? null,
    },
    ipAddress: input.ipAddress ?? null,
  });
  const confirmation = (await findConfirmation(tx, id))!;
  if (options.announce) await publishEvent(tx, { type: 'confirmations.changed', confirmationId: id });
  return confirmation;
}

/** The hand-over of this redemption waiting for a second admin, or null. */
export async function pendingConfirmationFor(db: Executor, redemptionId: number): Promise<Confirmation | null> {
  const [row] = await selectRows<Confirmation>(
    db,
    selectConfirmations(sql`${c.redemptionId} = ${redemptionId} and ${c.status} = 'pending' and ${c.kind} = 'hand_over'`),
  );
  return row ?? null;
}

/** The confirmation row locked for a decision (until the transaction ends). */
export async function lockConfirmation(
  tx: Executor,
  id: number,
): Promise<{
  id: number;
  kind: ConfirmationKind;
  status: string;
  makerId: number;
  redemptionId: number | null;
  payload: Record<string, unknown>;
} | null> {
  const [row] = await selectRows<{
    id: number;
    kind: ConfirmationKind;
    status: string;
    makerId: number;
    redemptionId: number | null;
    payload: Record<string, unknown>;
  }>(
    tx,
    sql`select ${c.id} as "id", ${c.kind} as "kind", ${c.status} as "status", ${c.makerId} as "makerId",
               ${c.redemptionId} as "redemptionId", ${c.payload} as "payload"
          from ${c} where ${c.id} = ${id} for update`,
  );
  return row ?? null;
}

type ConfirmationSort = ConfirmationListQuery['sort'];

/** GET /admin/confirmations: newest first (the index on created_at, id), optionally one status or kind. */
function confirmationSource(query: ConfirmationListQuery): ListSource<ConfirmationSort> {
  const filters: SQL[] = [];
  if (query.status) filters.push(sql`${c.status} = ${query.status}`);
  if (query.kind) filters.push(sql`${c.kind} = ${query.kind}`);
  const where = filters.length > 0 ? sql.join(filters, sql` and `) : undefined;
  return {
    select: selectConfirmations(undefined),
    where,
    orderBy: { createdAt: [sql`${c.createdAt}`, sql`${c.id}`] },
    count: async (db) =>
      (await selectRows<{ n: number }>(db, sql`select count(*)::int as n from ${c} ${where ? sql`where ${where}` : sql``}`))[0]?.n ?? 0,
  };
}

export function findConfirmationPage(db: Database, query: ConfirmationListQuery & { limit: number; page: number }) {
  return fetchPage<Confirmation, ConfirmationSort>(db, confirmationSource(query), query);
}

export function streamConfirmations(db: Database, query: ConfirmationListQuery) {
  return streamRows<Confirmation, ConfirmationSort>(db, confirmationSource(query), query);
}
