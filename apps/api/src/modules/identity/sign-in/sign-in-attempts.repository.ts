import { eq, sql } from 'drizzle-orm';
import { selectRows, type Executor, type Transaction } from '../../../db/client';
import { signInAttempts } from '../../../db/schema';

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

export interface PairFailures {
  failures: number;
  /** Seconds since the latest counted failure (0 without one). */
  secondsSinceLast: number;
}

/**
 * Failed (or still unchecked) attempts for one e-mail from one address within the window, since
 * that address's last success for the e-mail.
 */
export async function recentFailuresForPair(db: Executor, email: string, ipAddress: string, windowMinutes: number): Promise<PairFailures> {
  const [row] = await selectRows<{ failures: number; since_last: number | null }>(
    db,
    sql`
    select count(*)::int as failures,
           -- clock_timestamp(), not now(): this transaction may have started (and waited on the
           -- lock) before the latest attempt was stamped, which would make "since" negative.
           greatest(0, floor(extract(epoch from (clock_timestamp() - max(attempted_at)))))::int as since_last
      from ${signInAttempts}
     where email = ${email.toLowerCase()}
       and ip_address = ${ipAddress}::inet
       and not succeeded
       and attempted_at > now() - make_interval(mins => ${windowMinutes})
       and id > coalesce((select max(id) from ${signInAttempts}
                           where email = ${email.toLowerCase()} and ip_address = ${ipAddress}::inet and succeeded), 0)`,
  );
  return { failures: row?.failures ?? 0, secondsSinceLast: row?.since_last ?? 0 };
}
