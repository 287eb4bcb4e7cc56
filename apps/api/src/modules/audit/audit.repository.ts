import type { Executor } from '../../db/client';
import { auditLog } from '../../db/schema';

export interface AuditEntry {
  adminId: number | null;
  action: string;
  entity: string;
  entityId?: string | number | null;
  fromState?: string | null;
  toState?: string | null;
  details?: Record<string, unknown>;
}

/** Appends to the audit log; call it inside the transaction that makes the change it records. */
export async function recordAudit(db: Executor, entry: AuditEntry): Promise<void> {
  await db.insert(auditLog).values({
    adminId: entry.adminId,
    action: entry.action,
    entity: entry.entity,
    entityId: entry.entityId == null ? null : String(entry.entityId),
    fromState: entry.fromState ?? null,
    toState: entry.toState ?? null,
    details: entry.details ?? null,
  });
}
