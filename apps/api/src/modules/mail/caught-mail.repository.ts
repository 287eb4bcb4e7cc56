import { desc, lt } from 'drizzle-orm';
import type { CaughtMail } from '@gold/contract';
import type { Database } from '../../db/client';
import { demoCaughtMail } from '../../db/schema';
import type { CaughtMailSource } from './mail-catcher';

/**
 * The demo catcher's mail in the database: every API process on it (several behind a load
 * balancer, or the workers of WORKERS=N) shows the same mail at /dev/mail, whichever caught it.
 * Only the newest `keep` are kept: a code lives 5 minutes, the page is for the demo.
 */
export function databaseMailStore(db: Database, keep = 100): CaughtMailSource & { add(mail: Omit<CaughtMail, 'id'>): Promise<void> } {
  return {
    async add(mail) {
      const [row] = await db
        .insert(demoCaughtMail)
        .values({ receivedAt: new Date(mail.receivedAt), from: mail.from, to: mail.to, subject: mail.subject, text: mail.text })
        .returning({ id: demoCaughtMail.id });
      await db.delete(demoCaughtMail).where(lt(demoCaughtMail.id, row!.id - keep + 1));
    },
    async messages() {
      const rows = await db.select().from(demoCaughtMail).orderBy(desc(demoCaughtMail.id)).limit(keep);
      return rows.map((r) => ({ ...r, receivedAt: r.receivedAt.toISOString() }));
    },
  };
}
