import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { CreateCredentialBody, Credential, CredentialStatus, PlatformScope } from '@gold/contract';
import { preparedRows, selectRows, type Database, type Executor } from '../../db/client';
import { isoTimestamp } from '../../db/paging';
import { admins, integrationCredentials } from '../../db/schema';
import { badRequest, conflict, notFound } from '../../lib/http-errors';
import { recordAudit } from '../audit/audit.repository';

const c = integrationCredentials;

/** Secrets start with this, so a leaked one is recognised by secret scanners and people alike. */
const secretPrefix = 'gbo_';

/** SHA-256 of a secret: what is stored and looked up (a 256-bit random secret needs no slow hash). */
const hashCredentialSecret = (secret: string) => createHash('sha256').update(secret, 'utf8').digest('hex');

const statusOf = sql<CredentialStatus>`case when ${c.revokedAt} is not null then 'revoked'
  when ${c.expiresAt} is not null and ${c.expiresAt} <= now() then 'expired' else 'active' end`;

const credentialColumns = sql`${c.id} as "id", ${c.name} as "name", ${c.scopes} as "scopes", ${c.tokenPrefix} as "tokenPrefix",
  ${statusOf} as "status", ${isoTimestamp(c.createdAt)} as "createdAt",
  case when ${c.expiresAt} is null then null else ${isoTimestamp(c.expiresAt)} end as "expiresAt",
  case when ${c.revokedAt} is null then null else ${isoTimestamp(c.revokedAt)} end as "revokedAt",
  case when ${c.lastUsedAt} is null then null else ${isoTimestamp(c.lastUsedAt)} end as "lastUsedAt",
  case when ${admins.id} is null then null else json_build_object('id', ${admins.id}, 'fullName', ${admins.fullName}) end as "createdBy"`;

/** Every credential, newest first (a handful: one per platform or environment). */
export function listCredentials(db: Executor): Promise<Credential[]> {
  return selectRows<Credential>(
    db,
    sql`select ${credentialColumns} from ${c} left join ${admins} on ${admins.id} = ${c.createdByAdminId} order by ${c.createdAt} desc, ${c.id} desc`,
  );
}

async function findCredential(db: Executor, id: number): Promise<Credential | undefined> {
  const [row] = await selectRows<Credential>(
    db,
    sql`select ${credentialColumns} from ${c} left join ${admins} on ${admins.id} = ${c.createdByAdminId} where ${c.id} = ${id}`,
  );
  return row;
}

export interface Actor {
  adminId: number | null;
  ipAddress?: string | null;
}

/** A new credential: the secret is answered once and only its hash is kept. */
export async function createCredential(
  db: Database,
  actor: Actor,
  body: CreateCredentialBody,
): Promise<{ credential: Credential; secret: string }> {
  if (body.expiresAt !== undefined && Date.parse(body.expiresAt) <= Date.now()) throw badRequest('expiresAt must be in the future');
  const secret = `${secretPrefix}${randomBytes(32).toString('base64url')}`;
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(c)
      .values({
        name: body.name,
        scopes: body.scopes,
        secretHash: hashCredentialSecret(secret),
        tokenPrefix: secret.slice(0, secretPrefix.length + 6),
        expiresAt: body.expiresAt ? new Date(body.expiresAt) : null,
        createdByAdminId: actor.adminId,
      })
      .returning({ id: c.id });
    await recordAudit(tx, {
      adminId: actor.adminId,
      ipAddress: actor.ipAddress ?? null,
      action: 'credential.create',
      entity: 'integration_credential',
      entityId: row!.id,
      toState: 'active',
      details: { name: body.name, scopes: body.scopes, expiresAt: body.expiresAt ?? null },
    });
    return { credential: (await findCredential(tx, row!.id))!, secret };
  });
}

/** Revokes a credential at once: its next call is refused. Revoking twice is refused (409). */
export async function revokeCredential(db: Database, actor: Actor, id: number): Promise<Credential> {
  return db.transaction(async (tx) => {
    const [row] = await selectRows<{ revoked: boolean; name: string }>(
      tx,
      sql`select ${c.revokedAt} is not null as "revoked", ${c.name} as "name" from ${c} where ${c.id} = ${id} for update`,
    );
    if (!row) throw notFound(`Credential ${id} not found`);
    if (row.revoked) throw conflict(`Credential ${id} is already revoked`);
    await tx.execute(sql`update ${c} set revoked_at = now() where ${c.id} = ${id}`);
    await recordAudit(tx, {
      adminId: actor.adminId,
      ipAddress: actor.ipAddress ?? null,
      action: 'credential.revoke',
      entity: 'integration_credential',
      entityId: id,
      fromState: 'active',
      toState: 'revoked',
      details: { name: row.name },
    });
    return (await findCredential(tx, id))!;
  });
}

/** The caller of a platform request. */
export interface PlatformCaller {
  id: number;
  name: string;
  scopes: PlatformScope[];
}

export type CredentialCheck = { kind: 'ok'; caller: PlatformCaller } | { kind: 'unknown' | 'revoked' | 'expired' };

/**
 * The credential a Bearer secret names, if it is live. Its last use is written at most once a
 * minute, so a busy platform does not write a row on every call.
 */
export async function checkCredential(db: Executor, secret: string): Promise<CredentialCheck> {
  if (!secret.startsWith(secretPrefix) || secret.length > 200) return { kind: 'unknown' };
  const [row] = await preparedRows<PlatformCaller & { status: CredentialStatus; stale: boolean }>(
    db,
    'credential_check',
    sql`select ${c.id} as "id", ${c.name} as "name", ${c.scopes} as "scopes", ${statusOf} as "status",
               (${c.lastUsedAt} is null or ${c.lastUsedAt} < now() - interval '1 minute') as "stale"
          from ${c} where ${c.secretHash} = ${hashCredentialSecret(secret)}`,
  );
  if (!row) return { kind: 'unknown' };
  if (row.status !== 'active') return { kind: row.status };
  if (row.stale) await db.execute(sql`update ${c} set last_used_at = now() where ${c.id} = ${row.id}`);
  return { kind: 'ok', caller: { id: row.id, name: row.name, scopes: row.scopes } };
}

/**
 * A credential made by the system (the demo's simulated platform), with every scope: created
 * without an admin, audited like any other.
 */
export async function createSystemCredential(db: Database, name: string, scopes: readonly PlatformScope[]) {
  return createCredential(db, { adminId: null }, { name, scopes: [...scopes] });
}
