import { and, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { streamSlots } from '../../db/schema';

/** Advisory-lock class (two-key form) that orders the slot counts of one session and kind. */
const slotLockClass = 0x5167_0033;

/** A slot lives this long unless its process renews it: a process that dies frees its slots within it. */
const defaultLeaseMs = 60_000;

export interface SessionStreamSlots {
  /** A release function, or undefined when the session holds `max` streams of this kind already (in any process). */
  take(session: string): Promise<(() => void) | undefined>;
  /** Stops renewing (the app closes); the rows expire by themselves. */
  close(): void;
}

/**
 * How many streams of one kind (CSV exports, event streams) each session holds open, counted in
 * the database so the cap holds across API processes. A slot is a row, taken when a stream
 * starts (count and insert under a per-session advisory lock, so two processes cannot both take
 * the last one) and deleted when its connection closes. Its process renews it every third of
 * the lease; the rows of a process that died stop counting when their lease runs out.
 */
export function sessionStreamSlots(
  db: Database,
  kind: 'export' | 'events',
  max: number,
  { leaseMs = defaultLeaseMs }: { leaseMs?: number } = {},
): SessionStreamSlots {
  const held = new Set<number>();
  const lease = sql`clock_timestamp() + make_interval(secs => ${leaseMs / 1000})`;
  const renew = setInterval(
    () => {
      if (held.size === 0) return;
      // The database away: the slots may lapse meanwhile, and the cap is briefly looser; never an error.
      db.update(streamSlots)
        .set({ expiresAt: lease })
        .where(inArray(streamSlots.id, [...held]))
        .catch(() => {});
    },
    Math.max(100, leaseMs / 3),
  );
  renew.unref();

  return {
    async take(session) {
      const id = await db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(${slotLockClass}, hashtext(${`${kind}:${session}`}))`);
        const ofSession = and(eq(streamSlots.sessionHash, session), eq(streamSlots.kind, kind));
        await tx.delete(streamSlots).where(and(ofSession, lte(streamSlots.expiresAt, sql`clock_timestamp()`)));
        const open = await tx.$count(streamSlots, ofSession);
        if (open >= max) return undefined;
        const [row] = await tx
          .insert(streamSlots)
          .values({ sessionHash: session, kind, expiresAt: lease })
          .returning({ id: streamSlots.id });
        return row!.id;
      });
      if (id === undefined) return undefined;
      held.add(id);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        held.delete(id);
        // Not deleted (the database away): it stops counting when its lease runs out.
        db.delete(streamSlots)
          .where(eq(streamSlots.id, id))
          .catch(() => {});
      };
    },
    close() {
      clearInterval(renew);
    },
  };
}
