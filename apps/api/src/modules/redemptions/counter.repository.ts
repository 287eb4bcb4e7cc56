import { sql } from 'drizzle-orm';
import { roleMay, type AdminRole, type IdentityCheck, type IdentityCheckBody } from '@gold/contract';
import { selectRows, type Executor } from '../../db/client';
import { isoTimestamp } from '../../db/paging';
import { admins, redemptionIdentityChecks, redemptions, vaultLocations } from '../../db/schema';

const ic = redemptionIdentityChecks;
const r = redemptions;

/** Appends the teller's identity check (the caller holds the redemption's lock). */
export async function recordIdentityCheck(tx: Executor, redemptionId: number, adminId: number, check: IdentityCheckBody): Promise<void> {
  await tx.insert(ic).values({ redemptionId, adminId, documentType: check.documentType, last4: check.last4 });
}

/**
 * The identity check that counts now: the latest one recorded since the redemption's last status
 * change (a check, like a code, belongs to the status it was made in: after a rejection, reset
 * and a new escrow, the customer's document is looked at again). Null: none.
 */
export async function currentIdentityCheck(db: Executor, redemptionId: number): Promise<(IdentityCheck & { id: number }) | null> {
  const [row] = await selectRows<IdentityCheck & { id: number }>(
    db,
    sql`select ${ic.id} as "id", ${ic.documentType} as "documentType", ${ic.last4} as "last4", ${isoTimestamp(ic.checkedAt)} as "checkedAt",
               json_build_object('id', ${admins.id}, 'fullName', ${admins.fullName}) as "checkedBy"
          from ${ic} join ${r} on ${r.id} = ${ic.redemptionId} join ${admins} on ${admins.id} = ${ic.adminId}
         where ${ic.redemptionId} = ${redemptionId} and ${ic.checkedAt} >= ${r.updatedAt}
         order by ${ic.id} desc limit 1`,
  );
  return row ?? null;
}

/** A recorded identity check by its id (the one an approval relied on, named in its audit entry). */
export async function identityCheckById(db: Executor, id: number): Promise<IdentityCheck | null> {
  const [row] = await selectRows<IdentityCheck>(
    db,
    sql`select ${ic.documentType} as "documentType", ${ic.last4} as "last4", ${isoTimestamp(ic.checkedAt)} as "checkedAt",
               json_build_object('id', ${admins.id}, 'fullName', ${admins.fullName}) as "checkedBy"
          from ${ic} join ${admins} on ${admins.id} = ${ic.adminId} where ${ic.id} = ${id}`,
  );
  return row ?? null;
}

export interface Location {
  id: number;
  code: string;
  name: string;
}

/** Where the redemption is collected. */
export async function redemptionLocation(db: Executor, redemptionId: number): Promise<Location | undefined> {
  const [row] = await selectRows<Location>(
    db,
    sql`select ${vaultLocations.id} as "id", ${vaultLocations.code} as "code", ${vaultLocations.name} as "name"
          from ${r} join ${vaultLocations} on ${vaultLocations.id} = ${r.locationId} where ${r.id} = ${redemptionId}`,
  );
  return row;
}

/** Whether the admin's role may work the counter at all (permissions.ts), and where: for the detail's allowed actions. */
export async function counterRoleOf(db: Executor, adminId: number): Promise<{ mayServe: boolean; location: Location | null }> {
  const [row] = await selectRows<{ role: AdminRole }>(
    db,
    sql`select ${admins.role} as "role" from ${admins} where ${admins.id} = ${adminId}`,
  );
  return { mayServe: row !== undefined && roleMay(row.role, 'counter'), location: await counterLocationOf(db, adminId) };
}

/**
 * The location an admin's counter work is limited to (a teller's), read from the database at the
 * action, so a change of location counts at once; null: every location.
 */
export async function counterLocationOf(db: Executor, adminId: number): Promise<Location | null> {
  const [row] = await selectRows<Location>(
    db,
    sql`select ${vaultLocations.id} as "id", ${vaultLocations.code} as "code", ${vaultLocations.name} as "name"
          from ${admins} join ${vaultLocations} on ${vaultLocations.id} = ${admins.locationId} where ${admins.id} = ${adminId}`,
  );
  return row ?? null;
}
