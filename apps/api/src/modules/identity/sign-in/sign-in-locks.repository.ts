import { sql } from 'drizzle-orm';
import type { SignInLock } from '@gold/contract';
import { selectRows, type Executor } from '../../../db/client';
import { isoTimestamp } from '../../../db/paging';
import { auditLog } from '../../../db/schema';

const l = auditLog;

/** At most this many locking events are shown at a sign-in (the audit log holds every one). */
const shownLocks = 20;

/** The locking events of an admin's account since a moment (its previous sign-in; every one when null), newest first. */
export async function locksSince(db: Executor, adminId: number, since: Date | null): Promise<SignInLock[]> {
  return selectRows<SignInLock>(
    db,
    sql`select ${isoTimestamp(l.occurredAt)} as "occurredAt", host(${l.ipAddress}) as "ipAddress",
               ${l.details}->>'scope' as "scope", coalesce(${l.details}->>'factor', 'password') as "factor"
          from ${l}
         where ${l.entity} = 'admin' and ${l.entityId} = ${String(adminId)} and ${l.action} = 'admin.sign_in_locked'
           and (${since?.toISOString() ?? null}::timestamptz is null or ${l.occurredAt} > ${since?.toISOString() ?? null}::timestamptz)
         order by ${l.occurredAt} desc
         limit ${shownLocks}`,
  );
}
