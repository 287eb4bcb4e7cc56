import { count, eq, sql, type SQL } from 'drizzle-orm';
import type { AdminDetail, AdminListQuery, AdminSortField } from '@gold/contract';
import { selectRows, type Database, type Executor, type Transaction } from '../../../db/client';
import { containsPattern, fetchPage, isoTimestamp, streamRows, type ListSource } from '../../../db/paging';
import { admins, vaultLocations } from '../../../db/schema';

export type AdminRow = typeof admins.$inferSelect;

export async function findAdminByEmail(db: Executor, email: string): Promise<AdminRow | undefined> {
  const [row] = await db
    .select()
    .from(admins)
    .where(sql`lower(${admins.email}) = lower(${email})`)
    .limit(1);
  return row;
}

export async function countAdmins(db: Executor): Promise<number> {
  const [row] = await db.select({ n: count() }).from(admins);
  return row?.n ?? 0;
}

export async function insertAdmin(
  db: Executor,
  values: {
    fullName: string;
    email: string;
    passwordHash: string;
    phoneNumber?: string | null;
    status?: AdminRow['status'];
    role?: AdminRow['role'];
    locationId?: number | null;
  },
): Promise<AdminRow> {
  const [row] = await db.insert(admins).values(values).returning();
  if (!row) throw new Error('admin insert returned nothing');
  return row;
}

export async function markSignedIn(db: Executor, adminId: number): Promise<void> {
  await db
    .update(admins)
    .set({ lastSignInAt: sql`now()` })
    .where(eq(admins.id, adminId));
}

// ---------------------------------------------------------------------------------------------
// Admin list, detail and changes (the Admin List, Add Admin and View Admin Detail pages)
// ---------------------------------------------------------------------------------------------

const a = admins;

/** The contract's admin (AdminDetail) as a select list; the list reads the same columns. */
const adminColumns = sql`${a.id} as "id", ${a.fullName} as "fullName", ${a.fullName} as "fullname", ${a.email} as "email",
  ${a.phoneNumber} as "phoneNumber", ${a.role} as "type", ${a.role} as "role", ${a.locationId} as "locationId",
  (select ${vaultLocations.code} from ${vaultLocations} where ${vaultLocations.id} = ${a.locationId}) as "locationCode", ${a.status} as "status",
  (${a.twoFactorSecret} is not null) as "twoFactorEnabled", ${isoTimestamp(a.createdAt)} as "createdAt",
  case when ${a.lastSignInAt} is null then null else ${isoTimestamp(a.lastSignInAt)} end as "lastSignInAt",
  ${isoTimestamp(a.updatedAt)} as "updatedAt", ${isoTimestamp(a.passwordChangedAt)} as "passwordChangedAt"`;

const adminOrderBy: Record<AdminSortField, SQL[]> = {
  createdAt: [sql`${a.createdAt}`, sql`${a.id}`],
  fullName: [sql`${a.fullName}`, sql`${a.id}`],
  email: [sql`lower(${a.email})`],
  status: [sql`${a.status}`, sql`${a.id}`],
};

/** Deleted admins are never listed. Admins are few (tens), so the total is counted. */
function adminListSource(query: Pick<AdminListQuery, 'search' | 'status'>): ListSource<AdminSortField> {
  const conditions = [sql`${a.deletedAt} is null`];
  if (query.search) {
    const pattern = containsPattern(query.search);
    conditions.push(sql`(lower(${a.fullName}) like lower(${pattern}) escape '\\' or lower(${a.email}) like lower(${pattern}) escape '\\')`);
  }
  if (query.status) conditions.push(sql`${a.status} = ${query.status}`);
  const where = sql.join(conditions, sql` and `);
  return {
    select: sql`select ${adminColumns} from ${a}`,
    where,
    orderBy: adminOrderBy,
    count: async (db) => {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(a)
        .where(where);
      return row?.n ?? 0;
    },
  };
}

export function findAdminPage(db: Database, query: AdminListQuery & { limit: number; page: number }) {
  return fetchPage<AdminDetail, AdminSortField>(db, adminListSource(query), query);
}

export function streamAdmins(db: Database, query: AdminListQuery) {
  return streamRows<AdminDetail, AdminSortField>(db, adminListSource(query), query);
}

/** 'Registered Admin': admins not deleted. */
export async function countRegisteredAdmins(db: Executor): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(a)
    .where(sql`${a.deletedAt} is null`);
  return row?.n ?? 0;
}

/** One admin as the contract shows it; deleted ones are not found. */
export async function findAdminDetail(db: Executor, id: number): Promise<AdminDetail | undefined> {
  const [row] = await selectRows<AdminDetail>(db, sql`select ${adminColumns} from ${a} where ${a.id} = ${id} and ${a.deletedAt} is null`);
  return row;
}

/** The admin row, locked until the transaction ends (edit, delete, two-factor changes). */
export async function lockAdmin(tx: Transaction, id: number): Promise<AdminRow | undefined> {
  const [row] = await tx
    .select()
    .from(a)
    .where(sql`${a.id} = ${id} and ${a.deletedAt} is null`)
    .for('update');
  return row;
}

/** Whether a vault location exists (a Teller's location must). */
export async function vaultLocationExists(db: Executor, id: number): Promise<boolean> {
  const [row] = await db.select({ id: vaultLocations.id }).from(vaultLocations).where(eq(vaultLocations.id, id));
  return row !== undefined;
}

/**
 * Serialises the changes that could leave nobody active (deactivating, deleting): every such change
 * locks the active admins' rows in id order, so two admins deactivating each other at once cannot
 * both succeed. Returns the active admins (id and role), as they are now.
 */
export async function lockActiveAdmins(tx: Transaction): Promise<Array<{ id: number; role: AdminRow['role'] }>> {
  return tx
    .select({ id: a.id, role: a.role })
    .from(a)
    .where(sql`${a.status} = 'Activated' and ${a.deletedAt} is null`)
    .orderBy(a.id)
    .for('update');
}

export async function updateAdmin(
  db: Executor,
  id: number,
  values: Partial<Pick<AdminRow, 'status' | 'passwordHash' | 'phoneNumber' | 'fullName' | 'role' | 'locationId'>> & {
    passwordChanged?: boolean;
    deleted?: boolean;
  },
): Promise<void> {
  const { passwordChanged, deleted, ...columns } = values;
  await db
    .update(a)
    .set({
      ...columns,
      updatedAt: sql`now()`,
      ...(passwordChanged ? { passwordChangedAt: sql`now()` } : {}),
      ...(deleted ? { deletedAt: sql`now()` } : {}),
    })
    .where(eq(a.id, id));
}

/** The admin as the contract shows it, deleted or not (the answer of a delete). */
export async function findAdminDetailIncludingDeleted(db: Executor, id: number): Promise<AdminDetail | undefined> {
  const [row] = await selectRows<AdminDetail>(db, sql`select ${adminColumns} from ${a} where ${a.id} = ${id}`);
  return row;
}

export async function findAdminById(db: Executor, id: number): Promise<AdminRow | undefined> {
  const [row] = await db
    .select()
    .from(a)
    .where(sql`${a.id} = ${id} and ${a.deletedAt} is null`);
  return row;
}

/** A unique-index violation (PostgreSQL 23505), however deep the driver wrapped it. */
export function isUniqueViolation(error: unknown): boolean {
  for (let e = error as { code?: unknown; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (e.code === '23505') return true;
  }
  return false;
}
