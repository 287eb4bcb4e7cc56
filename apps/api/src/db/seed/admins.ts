import { admins } from '../schema';
import type { SeedContext } from './context';

/**
 * A few colleagues for the admin list, of several roles (the accounts to sign in as, one per role,
 * are made at start-up with printed passwords: modules/identity/admins/demo-accounts.ts). Their password hash is unusable: nobody signs in as them
 * until a real password is set. Existing admins (the first admin, a re-seed) are left alone.
 * Answers the id of the first one created, who set the redemption limits (null when all existed).
 */
export async function seedDemoAdmins({ tx, inserted }: SeedContext): Promise<number | null> {
  const rows = [
    { fullName: 'Rina Wulandari', email: 'rina.wulandari@demo.example', phoneNumber: '+6281234500001', status: 'Activated' as const },
    {
      fullName: 'Agus Setiawan',
      email: 'agus.setiawan@demo.example',
      phoneNumber: '+6281234500002',
      status: 'Activated' as const,
      role: 'Teller' as const,
      // JKT-01 (migration 0029).
      locationId: 1,
    },
    {
      fullName: 'Dewi Lestari',
      email: 'dewi.lestari@demo.example',
      phoneNumber: '+6281234500003',
      status: 'Not Activated' as const,
      role: 'Auditor' as const,
    },
  ].map((row) => ({ ...row, passwordHash: '!unusable' }));
  const created = await tx.insert(admins).values(rows).onConflictDoNothing().returning({ id: admins.id });
  inserted.admins = created.length;
  return created[0]?.id ?? null;
}
