import { createHash } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { preparedRows, selectRows, type Database, type Executor } from '../../db/client';
import { idempotencyKeys } from '../../db/schema';
import { HttpError } from '../../lib/http-errors';
import { platformCallerOf } from './platform-auth';

/**
 * Idempotency-Key on every platform POST (IETF httpapi idempotency-key draft): the first request
 * with a key claims it in the database (so it holds across API processes), and for 24 hours the
 * same key with the same request gets its answer again (Idempotent-Replayed: true); with another
 * request, 422; while the first is still being processed, 409. A change's answer is stored by
 * `keepAnswer` in the change's own transaction, so the change and its answer commit together: a
 * process that dies after the commit leaves an answer to replay, never a change to repeat.
 * Refusals (4xx, nothing changed) are stored when sent; after 500 and above the key is freed.
 */

/** How long a key is kept. */
const idempotencyKeyHours = 24;
/** A claim whose answer never came (the process died between the change and the answer) is free again after this. */
const abandonedClaimSeconds = 300;

/** A key this request holds: `claimedAt` tells this claim from a later one of the same key. */
interface IdempotencyClaim {
  credentialId: number;
  key: string;
  claimedAt: string;
  /** Set once the answer is stored with the change (onSend then leaves the row alone). */
  kept: boolean;
}

declare module 'fastify' {
  interface FastifyRequest {
    idempotencyClaim: IdempotencyClaim | null;
  }
}

const k = idempotencyKeys;

/** The request as the key binds it: method, path and the validated body. */
function fingerprintOf(request: FastifyRequest): string {
  const path = request.url.split('?')[0];
  return createHash('sha256')
    .update(`${request.method} ${path}\n${JSON.stringify(request.body ?? null)}`)
    .digest('hex');
}

type Claim =
  | { kind: 'claimed'; claimedAt: string }
  | { kind: 'replay'; status: number; body: string }
  | { kind: 'other-request' }
  | { kind: 'in-progress' };

/** Claims a key for a request (exported for the platform benchmark's same-SQL ceiling). */
export async function claimKey(db: Database, credentialId: number, key: string, fingerprint: string): Promise<Claim> {
  // A new key (the usual case): one statement, no transaction.
  const [fresh] = await preparedRows<{ claimedAt: string }>(
    db,
    'idempotency_claim',
    sql`insert into ${k} (credential_id, key, fingerprint, expires_at)
        values (${credentialId}, ${key}, ${fingerprint}, now() + make_interval(hours => ${idempotencyKeyHours}))
        on conflict do nothing returning created_at::text as "claimedAt"`,
  );
  if (fresh) return { kind: 'claimed', claimedAt: fresh.claimedAt };
  return db.transaction(async (tx) => {
    await tx.execute(sql`delete from ${k} where ${k.credentialId} = ${credentialId} and ${k.key} = ${key} and ${k.expiresAt} <= now()`);
    const [inserted] = await selectRows<{ claimedAt: string }>(
      tx,
      sql`insert into ${k} (credential_id, key, fingerprint, expires_at)
          values (${credentialId}, ${key}, ${fingerprint}, now() + make_interval(hours => ${idempotencyKeyHours}))
          on conflict do nothing returning created_at::text as "claimedAt"`,
    );
    if (inserted) return { kind: 'claimed', claimedAt: inserted.claimedAt };
    const [row] = await selectRows<{ fingerprint: string; status: number | null; body: string | null; abandoned: boolean }>(
      tx,
      sql`select ${k.fingerprint} as "fingerprint", ${k.responseStatus} as "status", ${k.responseBody} as "body",
                 ${k.createdAt} < now() - make_interval(secs => ${abandonedClaimSeconds}) as "abandoned"
            from ${k} where ${k.credentialId} = ${credentialId} and ${k.key} = ${key} for update`,
    );
    if (!row) return { kind: 'in-progress' };
    if (row.fingerprint !== fingerprint) return { kind: 'other-request' };
    if (row.status !== null) return { kind: 'replay', status: row.status, body: row.body ?? '' };
    if (!row.abandoned) return { kind: 'in-progress' };
    // The first claim's process died before its transaction committed (a commit stores the answer):
    // nothing was changed, and this request takes the key over.
    const [taken] = await selectRows<{ claimedAt: string }>(
      tx,
      sql`update ${k} set created_at = clock_timestamp() where ${k.credentialId} = ${credentialId} and ${k.key} = ${key}
          returning created_at::text as "claimedAt"`,
    );
    return { kind: 'claimed', claimedAt: taken!.claimedAt };
  });
}

/**
 * Stores a change's answer in the change's transaction (call it before the transaction's last
 * statement): status and body exactly as they will be sent, serialised by the route's schema. If
 * the claim is no longer this request's (taken over as abandoned, or answered), it throws, and
 * the change rolls back with it: a key never gets two changes. `alongside` (the change's audit
 * entry) is written by the same statement: one round trip fewer on every platform change.
 */
export async function keepAnswer(
  tx: Executor,
  request: FastifyRequest,
  reply: FastifyReply,
  status: number,
  payload: unknown,
  alongside?: SQL,
): Promise<void> {
  const claim = request.idempotencyClaim;
  if (!claim) {
    if (alongside) await tx.execute(alongside);
    return;
  }
  reply.code(status);
  if (!(await storeAnswer(tx, claim, status, reply.serialize(payload), alongside)))
    throw new HttpError(409, `Idempotency-Key ${claim.key} was taken over by another request: nothing was changed by this one`);
  claim.kept = true;
}

/** Stores the answer under a claim still this request's (false when it is not), with `alongside` in the same statement. */
export async function storeAnswer(
  tx: Executor,
  claim: Pick<IdempotencyClaim, 'credentialId' | 'key' | 'claimedAt'>,
  status: number,
  body: ReturnType<FastifyReply['serialize']>,
  alongside?: SQL,
): Promise<boolean> {
  const [kept] = await preparedRows<{ kept: number }>(
    tx,
    'idempotency_answer',
    sql`${alongside ? sql`with alongside as (${alongside}) ` : sql``}update ${k} set response_status = ${status}, response_body = ${body}
        where ${k.credentialId} = ${claim.credentialId} and ${k.key} = ${claim.key}
          and ${k.createdAt} = ${claim.claimedAt}::timestamptz and ${k.responseStatus} is null
        returning 1 as "kept"`,
  );
  return kept !== undefined;
}

/** preHandler of the platform's POST routes (after authentication and validation). */
export function idempotencyPreHandler(db: Database) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    if (request.method !== 'POST') return;
    const key = request.headers['idempotency-key'];
    if (typeof key !== 'string') throw new HttpError(400, 'headers/idempotency-key: Idempotency-Key is required');
    const credentialId = platformCallerOf(request).id;
    const claim = await claimKey(db, credentialId, key, fingerprintOf(request));
    switch (claim.kind) {
      case 'claimed':
        request.idempotencyClaim = { credentialId, key, claimedAt: claim.claimedAt, kept: false };
        return;
      case 'replay':
        return reply.code(claim.status).header('idempotent-replayed', 'true').type('application/json; charset=utf-8').send(claim.body);
      case 'other-request':
        throw new HttpError(422, `Idempotency-Key ${key} was already used with another request: use a new key for a new request`);
      case 'in-progress':
        throw new HttpError(409, `A request with Idempotency-Key ${key} is still being processed: try again shortly`, {
          'retry-after': '1',
        });
    }
  };
}

/**
 * onSend of the platform scope: a refusal's answer (nothing changed) is kept now; after a server
 * error the key is freed. A change's answer was kept in its transaction (`keepAnswer`).
 */
export function idempotencyOnSend(db: Executor) {
  return async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    const claim = request.idempotencyClaim;
    if (!claim) return payload;
    request.idempotencyClaim = null;
    if (claim.kept && reply.statusCode < 400) return payload;
    const where = sql`${k.credentialId} = ${claim.credentialId} and ${k.key} = ${claim.key} and ${k.createdAt} = ${claim.claimedAt}::timestamptz
      and ${k.responseStatus} is null`;
    if (reply.statusCode >= 500 || typeof payload !== 'string') {
      await db.execute(sql`delete from ${k} where ${where}`);
    } else {
      await db.execute(sql`update ${k} set response_status = ${reply.statusCode}, response_body = ${payload} where ${where}`);
    }
    return payload;
  };
}

/** Drops keys older than their 24 hours (the leader does it now and then). */
export async function pruneIdempotencyKeys(db: Executor): Promise<void> {
  await db.execute(sql`delete from ${k} where ${k.expiresAt} <= now()`);
}
