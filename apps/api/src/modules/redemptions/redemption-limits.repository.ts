import { sql } from 'drizzle-orm';
import type { RedemptionLimitOption, RedemptionLimitRecord } from '@gold/contract';
import { selectRows, type Database, type Executor } from '../../db/client';
import { isoTimestamp } from '../../db/paging';
import { admins, redemptionLimits } from '../../db/schema';
import { recordAudit } from '../audit/audit.repository';

const l = redemptionLimits;

const recordColumns = sql`${l.id} as "id", ${l.gidrlimit} as "gidrlimit", ${isoTimestamp(l.createdAt)} as "createdAt",
  case when ${admins.id} is null then null else json_build_object('id', ${admins.id}, 'fullName', ${admins.fullName}) end as "setBy"`;

/** Every limit ever set, in the order they were set: the last is current. One row per change, so the list stays short. */
export function listLimits(db: Executor): Promise<RedemptionLimitRecord[]> {
  return selectRows<RedemptionLimitRecord>(
    db,
    sql`select ${recordColumns} from ${l} left join ${admins} on ${admins.id} = ${l.setByAdminId} order by ${l.id}`,
  );
}

/** A new current limit: a new row with who set it, and the change in the audit log. */
export async function setLimit(
  db: Database,
  adminId: number,
  gidrlimit: RedemptionLimitOption,
  ipAddress: string | null = null,
): Promise<RedemptionLimitRecord> {
  return db.transaction(async (tx) => {
    const [previous] = await selectRows<{ gidrlimit: number }>(
      tx,
      sql`select ${l.gidrlimit} as "gidrlimit" from ${l} order by ${l.id} desc limit 1`,
    );
    const [inserted] = await tx.insert(l).values({ gidrlimit, setByAdminId: adminId }).returning({ id: l.id });
    await recordAudit(tx, {
      adminId,
      action: 'redemption-limit.set',
      entity: 'redemption_limit',
      entityId: inserted!.id,
      fromState: previous ? String(previous.gidrlimit) : null,
      toState: String(gidrlimit),
      ipAddress,
    });
    const [record] = await selectRows<RedemptionLimitRecord>(
      tx,
      sql`select ${recordColumns} from ${l} left join ${admins} on ${admins.id} = ${l.setByAdminId} where ${l.id} = ${inserted!.id}`,
    );
    return record!;
  });
}
