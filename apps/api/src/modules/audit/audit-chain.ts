import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { selectRows, type Executor } from '../../db/client';

/** The first link's previous hash. */
export const chainGenesis = '0'.repeat(64);

/**
 * One entry as the chain hashes it, each field as PostgreSQL's text of it (occurred_at in UTC to the
 * microsecond, details as jsonb's own normalised text, so a read-back entry hashes as it was written).
 */
interface ChainedEntry {
  position: string;
  entryId: string | null;
  prevHash: string;
  hash: string;
  /** The entry's fields in hashing order: id, occurred_at, admin_id, action, entity, entity_id, from_state, to_state, details, ip_address. */
  fields: (string | null)[] | null;
}

const field = (value: string | null) => (value === null ? '-' : `${Buffer.byteLength(value, 'utf8')}:${value}`);

/**
 * The hash the link must carry; the same definition as audit_chain_hash() in migration 0023, written
 * again here so that the check does not rely on functions stored in the database it checks.
 */
function linkHash(prevHash: string, position: string, fields: (string | null)[]): string {
  return createHash('sha256')
    .update([prevHash, field(position), ...fields.map(field)].join('|'), 'utf8')
    .digest('hex');
}

export type ChainVerdict =
  { intact: true; entries: number; headPosition: number; headHash: string } | { intact: false; entries: number; problem: string };

const batchSize = 2000;

/** Walks the chain in position order, in batches, then looks for entries that no link covers. */
export async function verifyAuditChain(db: Executor): Promise<ChainVerdict> {
  let expectedPosition = 1;
  let prevHash = chainGenesis;
  let checked = 0;
  for (;;) {
    const links = await selectRows<ChainedEntry>(
      db,
      sql`select c.position::text as "position", l.id::text as "entryId", c.prev_hash as "prevHash", c.hash as "hash",
                 case when l.id is null then null else json_build_array(
                   l.id::text, to_char(l.occurred_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'), l.admin_id::text,
                   l.action, l.entity, l.entity_id, l.from_state, l.to_state, l.details::text, l.ip_address::text) end as "fields"
            from audit_log_chain c left join audit_log l on l.id = c.entry_id
           where c.position >= ${expectedPosition}
           order by c.position limit ${batchSize}`,
    );
    for (const link of links) {
      const at = `link ${link.position}`;
      if (Number(link.position) !== expectedPosition) {
        return broken(checked, `link ${expectedPosition} is missing (the next link is ${link.position})`);
      }
      if (link.prevHash !== prevHash) return broken(checked, `${at} does not follow link ${expectedPosition - 1} (prev_hash differs)`);
      if (!link.fields || link.entryId === null) return broken(checked, `${at}: its audit entry is gone`);
      if (linkHash(prevHash, link.position, link.fields) !== link.hash) {
        return broken(checked, `audit entry ${link.entryId} (${at}) was altered: its hash does not match its content`);
      }
      prevHash = link.hash;
      expectedPosition += 1;
      checked += 1;
    }
    if (links.length < batchSize) break;
  }
  const [unlinked] = await selectRows<{ id: string }>(
    db,
    sql`select l.id::text as id from audit_log l where not exists (select 1 from audit_log_chain c where c.entry_id = l.id) order by l.id limit 1`,
  );
  if (unlinked) return broken(checked, `audit entry ${unlinked.id} is in no link of the chain (written with the chain's trigger off)`);
  return { intact: true, entries: checked, headPosition: expectedPosition - 1, headHash: prevHash };
}

const broken = (entries: number, problem: string): ChainVerdict => ({ intact: false, entries, problem });
