import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { selectRows, type Database, type Executor } from '../../db/client';
import { idempotencyKeys } from '../../db/schema';
import { HttpError } from '../../lib/http-errors';
import { platformCallerOf } from './platform-auth';

/**
 * Idempotency-Key on every platform POST (IETF httpapi idempotency-key draft): the first request
 * with a key claims it in the database (so it holds across API processes), its answer is stored
 * when sent, and for 24 hours the same key with the same request gets that answer again
 * (Idempotent-Replayed: true); with another request, 422; while the first is still being
 * processed, 409. Answers of 500 and above are not kept: the key can be tried again.
 */

/** How long a key is kept. */
const idempotencyKeyHours = 24;
/** A claim whose answer never came (the process died between the change and the answer) is free again after this. */
const abandonedClaimSeconds = 300;

declare module 'fastify' {
  interface FastifyRequest {
    idempotencyClaim: { credentialId: number; key: string } | null;
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

type Claim = { kind: 'claimed' } | { kind: 'replay'; status: number; body: string } | { kind: 'other-request' } | { kind: 'in-progress' };

async function claimKey(db: Database, credentialId: number, key: string, fingerprint: string): Promise<Claim> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`delete from ${k} where ${k.credentialId} = ${credentialId} and ${k.key} = ${key} and ${k.expiresAt} <= now()`);
    const inserted = await selectRows<{ claimed: number }>(
      tx,
      sql`insert into ${k} (credential_id, key, fingerprint, expires_at)
          values (${credentialId}, ${key}, ${fingerprint}, now() + make_interval(hours => ${idempotencyKeyHours}))
          on conflict do nothing returning 1 as "claimed"`,
    );
    if (inserted.length > 0) return { kind: 'claimed' };
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
    await tx.execute(sql`update ${k} set created_at = now() where ${k.credentialId} = ${credentialId} and ${k.key} = ${key}`);
    return { kind: 'claimed' };
  });
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
        request.idempotencyClaim = { credentialId, key };
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

/** onSend of the platform scope: keeps the answer of a claimed key, or frees the key after a server error. */
export function idempotencyOnSend(db: Executor) {
  return async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    const claim = request.idempotencyClaim;
    if (!claim) return payload;
    request.idempotencyClaim = null;
    const where = sql`${k.credentialId} = ${claim.credentialId} and ${k.key} = ${claim.key}`;
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
