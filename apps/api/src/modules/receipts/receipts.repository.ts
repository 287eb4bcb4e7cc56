import { sql } from 'drizzle-orm';
import type { HandOverReceipt } from '@gold/contract';
import { selectRows, type Database } from '../../db/client';
import { isoTimestamp } from '../../db/paging';
import { admins, auditLog, customers, goldDenominations, redemptionPieces, redemptions, vaultLocations } from '../../db/schema';
import { conflict, notFound } from '../../lib/http-errors';
import { identityCheckById } from '../redemptions/counter.repository';
import { handedOverPieces } from '../vault/vault-ledger';

const r = redemptions;
const a = auditLog;

/** 3201010101900001 -> ************0001: the receipt names the customer without carrying the whole NIK. */
export const maskNik = (nik: string | null) => (nik === null ? null : `${'*'.repeat(Math.max(0, nik.length - 4))}${nik.slice(-4)}`);

interface ReceiptRow {
  status: string;
  fullName: string;
  nik: string | null;
  totalGrams: string;
  totalFee: string;
  appointmentDate: string;
  timeSlot: number;
  approvedAt: string | null;
  approvedBy: { id: number; fullName: string } | null;
  confirmedAt: string | null;
  confirmedBy: { id: number; fullName: string } | null;
  identityCheckId: number | null;
  location: { id: number; code: string; name: string };
  codeCheckedAt: string | null;
}

/**
 * What the hand-over receipt prints, read in one snapshot: the redemption, its customer and
 * location, its pieces and their serials, and from the audit log the approval (when, by whom; for
 * a hand-over under four eyes the proposal's time and maker, and the confirmation's time and
 * checker), the identity check it relied on and the last code check before it. Only a REDEEMED
 * redemption has a receipt: the gold has been handed over. One handed over before the audit log
 * kept approvals, or before the vault kept serials (seeded or imported history), has one too, with
 * what was not recorded left null or empty.
 */
export async function findReceipt(db: Database, id: number): Promise<HandOverReceipt> {
  return db.transaction(
    async (tx) => {
      const ofThis = sql`${a.entity} = 'redemption' and ${a.entityId} = ${String(id)}`;
      const [row] = await selectRows<ReceiptRow>(
        tx,
        sql`select ${r.status} as "status", ${customers.fullName} as "fullName", ${customers.nik} as "nik",
                   trim_scale(${r.total})::text as "totalGrams", trim_scale(${r.totalFee})::text as "totalFee",
                   ${r.appointmentDate}::text as "appointmentDate", ${r.timeSlot} as "timeSlot",
                   json_build_object('id', ${vaultLocations.id}, 'code', ${vaultLocations.code}, 'name', ${vaultLocations.name}) as "location",
                   ${isoTimestamp(sql`coalesce(proposal.occurred_at, approval.occurred_at)`)} as "approvedAt",
                   case when approval.admin_id is null then null
                        else json_build_object('id', approval.admin_id, 'fullName', approval.full_name) end as "approvedBy",
                   case when checker.id is null then null else ${isoTimestamp(sql`approval.occurred_at`)} end as "confirmedAt",
                   case when checker.id is null then null else json_build_object('id', checker.id, 'fullName', checker.full_name) end as "confirmedBy",
                   (approval.details ->> 'identityCheckId')::int as "identityCheckId",
                   (select ${isoTimestamp(a.occurredAt)} from ${a}
                     where ${ofThis} and ${a.action} = 'redemption.otp-verified'
                       and (approval.id is null or ${a.id} < coalesce(proposal.id, approval.id))
                     order by ${a.id} desc limit 1) as "codeCheckedAt"
              from ${r} join ${customers} on ${customers.id} = ${r.customerId}
              join ${vaultLocations} on ${vaultLocations.id} = ${r.locationId}
              left join lateral (select ${a.id} as id, ${a.occurredAt} as occurred_at, ${a.adminId} as admin_id, ${a.details} as details,
                                        ${admins.fullName} as full_name
                                   from ${a} left join ${admins} on ${admins.id} = ${a.adminId}
                                  where ${ofThis} and ${a.action} = 'redemption.approve'
                                  order by ${a.id} desc limit 1) approval on true
              left join ${admins} checker on checker.id = (approval.details ->> 'confirmedBy')::int
              -- Under four eyes the approver acted when proposing; the gold left at the confirmation.
              left join lateral (select ${a.id} as id, ${a.occurredAt} as occurred_at from ${a}
                                  where ${ofThis} and ${a.action} = 'redemption.hand-over-proposed'
                                    and ${a.details} ->> 'confirmationId' = approval.details ->> 'confirmationId'
                                  order by ${a.id} desc limit 1) proposal on true
             where ${r.id} = ${id}`,
      );
      if (!row) throw notFound(`Redemption ${id} not found`);
      if (row.status !== 'REDEEMED') {
        throw conflict(`Only a REDEEMED redemption has a hand-over receipt: redemption ${id} is ${row.status}`);
      }
      const pieces = await selectRows<{ denom: number; amount: number }>(
        tx,
        sql`select ${goldDenominations.denom} as "denom", ${redemptionPieces.amount} as "amount"
              from ${redemptionPieces} join ${goldDenominations} on ${goldDenominations.id} = ${redemptionPieces.denominationId}
             where ${redemptionPieces.redemptionId} = ${id} order by ${goldDenominations.denom} desc`,
      );
      const serials = (await handedOverPieces(tx, id))
        .map(({ serial, denom, refiner, fineness, placeholder }) => ({ serial, denom, refiner, fineness, placeholder }))
        .sort((x, y) => y.denom - x.denom || (x.serial < y.serial ? -1 : x.serial > y.serial ? 1 : 0));
      return {
        redemptionId: id,
        customer: { fullName: row.fullName, nikMasked: maskNik(row.nik) },
        pieces: pieces.map((p) => ({ ...p, grams: p.denom * p.amount })),
        totalGrams: row.totalGrams,
        totalFee: row.totalFee,
        appointmentDate: row.appointmentDate,
        timeSlot: row.timeSlot,
        codeCheckedAt: row.codeCheckedAt,
        approvedAt: row.approvedAt,
        approvedBy: row.approvedBy,
        confirmedBy: row.confirmedBy,
        confirmedAt: row.confirmedAt,
        location: row.location,
        identityCheck: row.identityCheckId === null ? null : await identityCheckById(tx, row.identityCheckId),
        serials,
      };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}
