import { z } from 'zod';
import { listQuery, pageOf } from './list';
import { platformAuditActions } from './credentials';
import { reserveAuditActions } from './reserves';
import { settlementAuditActions } from './settlement';
import { vaultAuditActions } from './vault';

/** Actions the product writes to the audit log (older or newer entries may hold others: show unknown ones as they are). */
export const auditActions = [
  'admin.bootstrap',
  'admin.sign_in',
  'admin.sign_out',
  'admin.add',
  'admin.edit',
  'admin.delete',
  'admin.password_change',
  'admin.profile_update',
  'admin.two_factor_enable',
  'admin.two_factor_reset',
  'admin.recovery_code_used',
  'admin.sign_in_locked',
  'admin.sessions_ended',
  'contact.submit',
  'redemption.prepare',
  'redemption.approve',
  'redemption.reject',
  'redemption.reset',
  'redemption.otp-sent',
  'redemption.otp-failed',
  'redemption.otp-verified',
  'redemption.identity-check',
  'redemption.hand-over-proposed',
  'denomination.create',
  'denomination.add-amount',
  'denomination.set-redeemable',
  'redemption-limit.set',
  'demo-data.seeded',
  'export.csv',
  ...reserveAuditActions,
  ...platformAuditActions,
  ...settlementAuditActions,
  ...vaultAuditActions,
] as const;
/** Every action the product writes to the audit log (the API's writes are typed by it, the console names each). */
export type AuditAction = (typeof auditActions)[number];

/**
 * GET /admin/audit: newest first, paged in the database. Filters: the acting admin, the action, and a
 * range of WIB calendar days (`from` and `to` inclusive, YYYY-MM-DD).
 */
export const auditListQuery = listQuery({
  sort: ['occurredAt'] as const,
  defaultSort: 'occurredAt',
  defaultOrder: 'desc',
  filters: {
    adminId: z.coerce.number().int().positive().max(2_147_483_647).optional(),
    action: z
      .string()
      .regex(/^[a-z0-9_.-]{1,64}$/, 'action must be an action name such as admin.edit')
      .optional(),
    from: z.iso.date('from must be a date (YYYY-MM-DD)').optional(),
    to: z.iso.date('to must be a date (YYYY-MM-DD)').optional(),
  },
});
export type AuditListQuery = z.infer<typeof auditListQuery>;

/** One audit entry: who did what to which target, from which state to which, from where and when. */
export const auditEntry = z.object({
  id: z.number().int().positive(),
  occurredAt: z.string(),
  /** The acting admin; null for the system (first start, demo data) and for public submissions. */
  admin: z.object({ id: z.number().int().positive(), fullName: z.string(), email: z.string() }).nullable(),
  action: z.string(),
  /** What was acted on: `admin`, `redemption`, `denomination`, `contact_message`... */
  entity: z.string(),
  entityId: z.string().nullable(),
  fromState: z.string().nullable(),
  toState: z.string().nullable(),
  /** Before/after values and reasons; never passwords, codes or secrets. */
  details: z.record(z.string(), z.unknown()).nullable(),
  /** The client's address, as the request came (see TRUST_PROXY); null for entries written without a request. */
  ipAddress: z.string().nullable(),
});
export type AuditEntry = z.infer<typeof auditEntry>;

export const auditListResponse = pageOf(auditEntry);
export type AuditListResponse = z.infer<typeof auditListResponse>;
