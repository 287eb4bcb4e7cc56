import type { SignedInAdmin } from '@gold/contract';
import type { AppDeps } from '../../../app-deps';
import type { Database } from '../../../db/client';
import { recordAudit } from '../../audit/audit.repository';
import { hashSessionToken } from './session-token';
import type { Actor } from './actor';
import { endSession, endSessionsOfAdmin, findLiveSession, touchSession } from './sessions.repository';

export interface SessionPolicy {
  idleMinutes: number;
  absoluteHours: number;
}

export const sessionPolicy = (deps: AppDeps): SessionPolicy => ({
  idleMinutes: deps.config.SESSION_IDLE_MINUTES,
  absoluteHours: deps.config.SESSION_ABSOLUTE_HOURS,
});

/** The signed-in admin behind a cookie token, or null; refreshes the idle timer. */
export async function resolveSession(
  db: Database,
  policy: SessionPolicy,
  token: string,
): Promise<{ sessionId: number; admin: SignedInAdmin } | null> {
  const session = await findLiveSession(db, hashSessionToken(token), policy.idleMinutes);
  if (!session) return null;
  // Most requests come within a minute of the last write: no second round trip for them (the
  // update's own condition, on the database's clock, still decides).
  if (Date.now() - new Date(session.lastSeenAt).getTime() >= 60_000) await touchSession(db, session.sessionId);
  return { sessionId: session.sessionId, admin: session.admin };
}

export async function signOut(db: Database, token: string, ipAddress: string | null = null): Promise<void> {
  await db.transaction(async (tx) => {
    const ended = await endSession(tx, hashSessionToken(token));
    if (ended)
      await recordAudit(tx, { adminId: ended.adminId, action: 'admin.sign_out', entity: 'admin', entityId: ended.adminId, ipAddress });
  });
}

/** Ends every session of the actor but the one it acts from (a lost laptop, a shared computer), audited. */
export async function endOtherSessions(db: Database, actor: Actor): Promise<number> {
  return db.transaction(async (tx) => {
    const ended = await endSessionsOfAdmin(tx, actor.admin.id, actor.sessionTokenHash);
    await recordAudit(tx, {
      adminId: actor.admin.id,
      action: 'admin.sessions_ended',
      entity: 'admin',
      entityId: actor.admin.id,
      details: { endedSessions: ended },
      ipAddress: actor.ipAddress,
    });
    return ended;
  });
}
