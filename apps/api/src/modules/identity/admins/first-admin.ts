import { randomBytes } from 'node:crypto';
import type { Config } from '../../../config/config';
import { ConfigError } from '../../../config/config';
import type { Database } from '../../../db/client';
import { recordAudit } from '../../audit/audit.repository';
import { countAdmins, findAdminByEmail, insertAdmin } from './admins.repository';
import { hashPassword, passwordPolicyViolation } from './passwords';

const defaultFirstAdminEmail = 'admin@example.com';

export type FirstAdminOutcome =
  | { kind: 'created-from-environment'; email: string }
  | { kind: 'created-with-generated-password'; email: string; password: string }
  | { kind: 'exists'; email: string }
  | { kind: 'not-needed' };

/**
 * Makes sure someone can sign in. ADMIN_EMAIL/ADMIN_PASSWORD create that admin if it is
 * missing (an existing admin's password is never overwritten); without them, an empty
 * admins table gets admin@example.com with a generated password for the caller to print once.
 */
export async function ensureFirstAdmin(db: Database, config: Pick<Config, 'ADMIN_EMAIL' | 'ADMIN_PASSWORD'>): Promise<FirstAdminOutcome> {
  if (config.ADMIN_EMAIL && config.ADMIN_PASSWORD) {
    const existing = await findAdminByEmail(db, config.ADMIN_EMAIL);
    if (existing) return { kind: 'exists', email: existing.email };
    const violation = passwordPolicyViolation(config.ADMIN_PASSWORD, [config.ADMIN_EMAIL]);
    if (violation) throw new ConfigError(`Invalid configuration:\n  ADMIN_PASSWORD: ${violation}`);
    await createAdmin(db, config.ADMIN_EMAIL, config.ADMIN_PASSWORD);
    return { kind: 'created-from-environment', email: config.ADMIN_EMAIL };
  }
  if ((await countAdmins(db)) > 0) return { kind: 'not-needed' };
  const password = randomBytes(18).toString('base64url');
  await createAdmin(db, defaultFirstAdminEmail, password);
  return { kind: 'created-with-generated-password', email: defaultFirstAdminEmail, password };
}

/** What to print (straight to the terminal, never through the logger) when a password was generated. */
export function firstAdminNotice(outcome: FirstAdminOutcome): string | null {
  if (outcome.kind !== 'created-with-generated-password') return null;
  return (
    `\n  First admin created. Sign in with\n    e-mail:   ${outcome.email}\n    password: ${outcome.password}\n` +
    '  This password is shown only now. Set ADMIN_EMAIL and ADMIN_PASSWORD to choose your own.\n\n'
  );
}

async function createAdmin(db: Database, email: string, password: string) {
  const passwordHash = await hashPassword(password);
  await db.transaction(async (tx) => {
    const admin = await insertAdmin(tx, { fullName: 'Administrator', email, passwordHash });
    await recordAudit(tx, { adminId: null, action: 'admin.bootstrap', entity: 'admin', entityId: admin.id, toState: 'Activated' });
  });
}
