import { randomBytes } from 'node:crypto';
import type { AdminRole } from '@gold/contract';
import type { Database } from '../../../db/client';
import { recordAudit } from '../../audit/audit.repository';
import { findAdminByEmail, insertAdmin } from './admins.repository';
import { hashPassword } from './passwords';

/**
 * One account per role beside the first admin (an Administrator), so the demo shows segregation of
 * duties: the teller hands over at JKT-01 (migration 0029's location, id 1), a supervisor confirms
 * (two of them, so the four eyes can be two supervisors), the auditor reads.
 */
const demoAccounts: ReadonlyArray<{ email: string; fullName: string; role: AdminRole; locationId: number | null }> = [
  { email: 'teller@example.com', fullName: 'Teller (demo)', role: 'Teller', locationId: 1 },
  { email: 'supervisor@example.com', fullName: 'Supervisor (demo)', role: 'Supervisor', locationId: null },
  { email: 'supervisor2@example.com', fullName: 'Second Supervisor (demo)', role: 'Supervisor', locationId: null },
  { email: 'auditor@example.com', fullName: 'Auditor (demo)', role: 'Auditor', locationId: null },
];

export interface CreatedDemoAccount {
  email: string;
  role: AdminRole;
  password: string;
}

/**
 * Creates the demo accounts that do not exist yet (an e-mail already taken, by ADMIN_EMAIL or an
 * earlier start, is left alone), each with a generated password for the caller to print once, as
 * the first admin's. Audited like the first admin (no actor).
 */
export async function ensureDemoAccounts(db: Database): Promise<CreatedDemoAccount[]> {
  const created: CreatedDemoAccount[] = [];
  for (const account of demoAccounts) {
    if (await findAdminByEmail(db, account.email)) continue;
    const password = randomBytes(18).toString('base64url');
    const passwordHash = await hashPassword(password);
    await db.transaction(async (tx) => {
      const admin = await insertAdmin(tx, { ...account, passwordHash });
      await recordAudit(tx, {
        adminId: null,
        action: 'admin.bootstrap',
        entity: 'admin',
        entityId: admin.id,
        toState: 'Activated',
        details: { demo: true, role: account.role, locationId: account.locationId },
      });
    });
    created.push({ email: account.email, role: account.role, password });
  }
  return created;
}

/** What to print (straight to the terminal, never through the logger) for the accounts just created. */
export function demoAccountsNotice(accounts: CreatedDemoAccount[]): string | null {
  if (accounts.length === 0) return null;
  const width = Math.max(...accounts.map((account) => account.email.length));
  const lines = accounts.map((account) => {
    const role = account.role === 'Teller' ? 'Teller at JKT-01' : account.role;
    return `    ${account.email.padEnd(width)}  password: ${account.password}  (${role})`;
  });
  return (
    `\n  Demo accounts created, one per role (what each may do: docs/decisions.md, "Roles and permissions"):\n` +
    `${lines.join('\n')}\n  These passwords are shown only now.\n\n`
  );
}
