import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { selectRows, type Database, type Executor, type Transaction } from '../../db/client';
import { admins, adminSessions, signInAttempts } from '../../db/schema';

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
function prepareLiveSessionQuery(db: Database) {
  return db
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
        eq(adminSessions.tokenHash, sql.placeholder('tokenHash')),
        isNull(adminSessions.endedAt),
        gt(adminSessions.expiresAt, sql`now()`),
        gt(adminSessions.lastSeenAt, sql`now() - make_interval(mins => ${sql.placeholder('idleMinutes')}::int)`),
        eq(admins.status, 'Activated'),
      ),
    )
    .limit(1)
    .prepare('find_live_session');
}

// Every signed-in request runs this lookup: built once per database and prepared on each
// connection, it skips query building and PostgreSQL's parse and plan.
const liveSessionQueries = new WeakMap<Database, ReturnType<typeof prepareLiveSessionQuery>>();

export async function findLiveSession(db: Database, tokenHash: string, idleMinutes: number) {
  let query = liveSessionQueries.get(db);
  if (!query) liveSessionQueries.set(db, (query = prepareLiveSessionQuery(db)));
  const [row] = await query.execute({ tokenHash, idleMinutes });
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

/** Advisory-lock namespaces (the first key of the two-key form) of the sign-in locks. */
const emailLockClass = 0x5167_0001;
const addressLockClass = 0x5167_0002;

/**
 * Serialises sign-in bookkeeping per e-mail and per address until the transaction ends, on
 * every API process sharing the database (transaction-scoped advisory locks; the e-mail key is
 * always taken first, so two sign-ins never wait on each other in opposite orders).
 */
export async function lockSignInKeys(tx: Transaction, email: string, ipAddress: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${emailLockClass}, hashtext(${email.toLowerCase()}))`);
  await tx.execute(sql`select pg_advisory_xact_lock(${addressLockClass}, hashtext((${ipAddress}::inet)::text))`);
}

/**
 * Reserves an attempt before its password is checked. The row is a failure until the check
 * succeeds (markAttemptSucceeded), so attempts still being checked count against the limits
 * and a process that dies mid-check leaves a failure behind, never a free try.
 */
export async function reserveSignInAttempt(tx: Transaction, values: { email: string; ipAddress: string }): Promise<number> {
  const [row] = await tx
    .insert(signInAttempts)
    .values({ email: values.email.toLowerCase(), ipAddress: values.ipAddress, succeeded: false })
    .returning({ id: signInAttempts.id });
  if (!row) throw new Error('sign-in attempt insert returned nothing');
  return row.id;
}

export async function markAttemptSucceeded(db: Executor, attemptId: number): Promise<void> {
  await db.update(signInAttempts).set({ succeeded: true }).where(eq(signInAttempts.id, attemptId));
}

export interface FailureWindow {
  failures: number;
  /** Seconds until the oldest counted failure leaves the window. */
  retryAfterSeconds: number;
}

/**
 * Failed (or still unchecked) attempts for an e-mail within the window, counting only those
 * reserved after its last success (ids grow in reservation order, under the e-mail's lock).
 */
export async function recentFailuresForEmail(db: Executor, email: string, windowMinutes: number): Promise<FailureWindow> {
  const [row] = await selectRows<{ failures: number; retry_after: number | null }>(
    db,
    sql`
    select count(*)::int as failures,
           ceil(extract(epoch from (min(attempted_at) + make_interval(mins => ${windowMinutes}) - now())))::int as retry_after
      from ${signInAttempts}
     where email = ${email.toLowerCase()}
       and not succeeded
       and attempted_at > now() - make_interval(mins => ${windowMinutes})
       and id > coalesce((select max(id) from ${signInAttempts}
                           where email = ${email.toLowerCase()} and succeeded), 0)`,
  );
  return { failures: row?.failures ?? 0, retryAfterSeconds: row?.retry_after ?? 0 };
}

/** Failed (or still unchecked) attempts from an address within the window, whatever the e-mail. */
export async function recentFailuresForAddress(db: Executor, ipAddress: string, windowMinutes: number): Promise<FailureWindow> {
  const [row] = await selectRows<{ failures: number; retry_after: number | null }>(
    db,
    sql`
    select count(*)::int as failures,
           ceil(extract(epoch from (min(attempted_at) + make_interval(mins => ${windowMinutes}) - now())))::int as retry_after
      from ${signInAttempts}
     where ip_address = ${ipAddress}::inet
       and not succeeded
       and attempted_at > now() - make_interval(mins => ${windowMinutes})`,
  );
  return { failures: row?.failures ?? 0, retryAfterSeconds: row?.retry_after ?? 0 };
}
