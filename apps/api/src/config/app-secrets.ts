import { eq } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { appSecrets } from '../db/schema';

/**
 * The secret of this name, made by `make` on first use and kept in the database, so every API
 * process on it reads the same value. Processes starting at the same moment agree: the first
 * insert wins, the others' are ignored, and everyone reads the stored one.
 */
export async function sharedSecret(db: Executor, name: string, make: () => string): Promise<string> {
  await db.insert(appSecrets).values({ name, value: make() }).onConflictDoNothing({ target: appSecrets.name });
  const [row] = await db.select({ value: appSecrets.value }).from(appSecrets).where(eq(appSecrets.name, name));
  if (!row) throw new Error(`the shared secret ${name} was not stored`);
  return row.value;
}
