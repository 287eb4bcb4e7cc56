import { sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import { admins, signInChallenges } from '../../../db/schema';
import type { AdminRow } from '../admins/admins.repository';
import { hashSessionToken, newSessionToken } from '../sessions/session-token';

/** How long the second step of a sign-in may take. */
const challengeMinutes = 5;

/** A new second-step token for an admin whose password was right; only its hash is stored. */
export async function insertChallenge(db: Executor, adminId: number, kind: 'required' | 'enrol', ipAddress: string) {
  const token = newSessionToken();
  const [row] = await db
    .insert(signInChallenges)
    .values({
      tokenHash: hashSessionToken(token),
      adminId,
      kind,
      ipAddress,
      expiresAt: sql`now() + make_interval(mins => ${challengeMinutes})`,
    })
    .returning({ expiresAt: signInChallenges.expiresAt });
  return { token, expiresAt: row!.expiresAt.toISOString() };
}

/** The challenge behind a token if it is unused, unexpired and its admin still active and not deleted. */
export async function findLiveChallenge(
  db: Executor,
  token: string,
): Promise<{ id: number; kind: 'required' | 'enrol'; admin: AdminRow } | undefined> {
  const [row] = await db
    .select({ id: signInChallenges.id, kind: signInChallenges.kind, admin: admins })
    .from(signInChallenges)
    .innerJoin(admins, sql`${admins.id} = ${signInChallenges.adminId}`)
    .where(
      sql`${signInChallenges.tokenHash} = ${hashSessionToken(token)} and ${signInChallenges.usedAt} is null
          and ${signInChallenges.expiresAt} > now() and ${admins.status} = 'Activated' and ${admins.deletedAt} is null`,
    )
    .limit(1);
  return row;
}

/** Uses up a challenge atomically: false when another request did first. */
export async function useChallenge(db: Executor, id: number): Promise<boolean> {
  const rows = await db
    .update(signInChallenges)
    .set({ usedAt: sql`now()` })
    .where(sql`${signInChallenges.id} = ${id} and ${signInChallenges.usedAt} is null`)
    .returning({ id: signInChallenges.id });
  return rows.length > 0;
}
