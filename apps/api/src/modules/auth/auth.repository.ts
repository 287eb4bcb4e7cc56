import { and, count, eq, gt, isNull, sql } from 'drizzle-orm';
import { selectRows, type Executor } from '../../db/client';
import { admins, adminSessions, signInAttempts } from '../../db/schema';

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
  values: { fullName: string; email: string; passwordHash: string; phoneNumber?: string | null },
): Promise<AdminRow> {
  const [row] = await db.insert(admins).values(values).returning();
  if (!row) throw new Error('admin insert returned nothing');
  return row;
}

export async function markSignedIn(db: Executor, adminId: number): Promise<void> {
  await db.update(admins).set({ lastSignInAt: sql`now()` }).where(eq(admins.id, adminId));
}

export async function insertSession(
  db: Executor,
  values: { tokenHash: string; adminId: number; absoluteHours: number; ipAddress: string; userAgent: string | null },
): Promise<void> {
  await db.insert(adminSessions).values({
    tokenHash: values.tokenHash,
    adminId: values.adminId,
    expiresAt: sql`now() + make_interval(hours => ${values.absoluteHours})`,
    ipAddress: values.ipAddress,
    userAgent: values.userAgent,
  });
}

/**
 * The session behind a token hash, if it is still valid: not ended, within its absolute
 * lifetime and idle timeout, and its admin still active.
 */
export async function findLiveSession(db: Executor, tokenHash: string, idleMinutes: number) {
  const [row] = await db
    .select({
      sessionId: adminSessions.id,
      lastSeenAt: adminSessions.lastSeenAt,
      admin: {
        id: admins.id,
        fullName: admins.fullName,
        email: admins.email,
        phoneNumber: admins.phoneNumber,
        role: admins.role,
        status: admins.status,
      },
    })
    .from(adminSessions)
    .innerJoin(admins, eq(admins.id, adminSessions.adminId))
    .where(
      and(
        eq(adminSessions.tokenHash, tokenHash),
        isNull(adminSessions.endedAt),
        gt(adminSessions.expiresAt, sql`now()`),
        gt(adminSessions.lastSeenAt, sql`now() - make_interval(mins => ${idleMinutes})`),
        eq(admins.status, 'Activated'),
      ),
    )
    .limit(1);
  return row;
}

/** Writes last-seen at most once a minute per session to keep reads cheap. */
export async function touchSession(db: Executor, sessionId: number): Promise<void> {
  await db
    .update(adminSessions)
    .set({ lastSeenAt: sql`now()` })
    .where(and(eq(adminSessions.id, sessionId), sql`${adminSessions.lastSeenAt} < now() - interval '1 minute'`));
}

export async function endSession(db: Executor, tokenHash: string): Promise<{ adminId: number } | undefined> {
  const [row] = await db
    .update(adminSessions)
    .set({ endedAt: sql`now()` })
    .where(and(eq(adminSessions.tokenHash, tokenHash), isNull(adminSessions.endedAt)))
    .returning({ adminId: adminSessions.adminId });
  return row;
}

/** Ends every session of an admin (deactivation, password change). */
export async function endAllSessionsOfAdmin(db: Executor, adminId: number): Promise<void> {
  await db
    .update(adminSessions)
    .set({ endedAt: sql`now()` })
    .where(and(eq(adminSessions.adminId, adminId), isNull(adminSessions.endedAt)));
}

export async function recordSignInAttempt(
  db: Executor,
  values: { email: string; ipAddress: string; succeeded: boolean },
): Promise<void> {
  await db.insert(signInAttempts).values({ ...values, email: values.email.toLowerCase() });
}

export interface FailureWindow {
  failures: number;
  /** Seconds until the oldest counted failure leaves the window. */
  retryAfterSeconds: number;
}

/** Failed attempts for an e-mail within the window, counting only those after its last success. */
export async function recentFailuresForEmail(db: Executor, email: string, windowMinutes: number): Promise<FailureWindow> {
  const [row] = await selectRows<{ failures: number; retry_after: number | null }>(db, sql`
    select count(*)::int as failures,
           ceil(extract(epoch from (min(attempted_at) + make_interval(mins => ${windowMinutes}) - now())))::int as retry_after
      from ${signInAttempts}
     where email = ${email.toLowerCase()}
       and not succeeded
       and attempted_at > now() - make_interval(mins => ${windowMinutes})
       and attempted_at > coalesce((select max(attempted_at) from ${signInAttempts}
                                     where email = ${email.toLowerCase()} and succeeded), '-infinity')`);
  return { failures: row?.failures ?? 0, retryAfterSeconds: row?.retry_after ?? 0 };
}

export async function recentFailuresForAddress(db: Executor, ipAddress: string, windowMinutes: number): Promise<FailureWindow> {
  const [row] = await selectRows<{ failures: number; retry_after: number | null }>(db, sql`
    select count(*)::int as failures,
           ceil(extract(epoch from (min(attempted_at) + make_interval(mins => ${windowMinutes}) - now())))::int as retry_after
      from ${signInAttempts}
     where ip_address = ${ipAddress}::inet
       and not succeeded
       and attempted_at > now() - make_interval(mins => ${windowMinutes})`);
  return { failures: row?.failures ?? 0, retryAfterSeconds: row?.retry_after ?? 0 };
}
