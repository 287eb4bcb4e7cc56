import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { AccountSession } from '@gold/contract';
import { selectRows, type Database, type Executor } from '../../../db/client';
import { isoTimestamp } from '../../../db/paging';
import { admins, adminSessions } from '../../../db/schema';

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
        locationId: admins.locationId,
        status: admins.status,
        language: admins.language,
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

/** Ends an admin's live sessions but the one named (the caller's own, on a password change); returns how many ended. */
export async function endSessionsOfAdmin(db: Executor, adminId: number, exceptTokenHash: string | null = null): Promise<number> {
  const ended = await db
    .update(adminSessions)
    .set({ endedAt: sql`now()` })
    .where(
      sql`${adminSessions.adminId} = ${adminId} and ${adminSessions.endedAt} is null
          and (${exceptTokenHash}::text is null or ${adminSessions.tokenHash} <> ${exceptTokenHash})`,
    )
    .returning({ id: adminSessions.id });
  return ended.length;
}

/** An admin's live sessions (not ended, within their lifetime and idle timeout), last used first. */
export async function listLiveSessions(db: Executor, adminId: number, idleMinutes: number, currentTokenHash: string | null) {
  return selectRows<AccountSession>(
    db,
    sql`select ${adminSessions.id} as "id", ${adminSessions.userAgent} as "device", host(${adminSessions.ipAddress}) as "ipAddress",
               ${isoTimestamp(adminSessions.createdAt)} as "createdAt", ${isoTimestamp(adminSessions.lastSeenAt)} as "lastSeenAt",
               (${adminSessions.tokenHash} = ${currentTokenHash}) is true as "current"
          from ${adminSessions}
         where ${adminSessions.adminId} = ${adminId} and ${adminSessions.endedAt} is null and ${adminSessions.expiresAt} > now()
           and ${adminSessions.lastSeenAt} > now() - make_interval(mins => ${idleMinutes})
         order by ${adminSessions.lastSeenAt} desc, ${adminSessions.id} desc`,
  );
}
