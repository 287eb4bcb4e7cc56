import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { generate } from 'otplib';
import { expect, it } from 'vitest';
import { buildApp } from '../../app';
import { selectRows } from '../../db/client';
import { describeEachEngine, insertTestAdmin, testAdmin } from '../test-app';

const codeFor = (secret: string) => generate({ secret });

describeEachEngine('second factors stored in clear by an older version', (t) => {
  it('are sealed when the app starts: the secret encrypted, recovery hashes keyed; the same codes still sign in', async () => {
    const { database, config } = t();
    const admin = await insertTestAdmin(database);
    const secret = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
    const legacyCode = 'abcde-fghij';
    const legacyHash = createHash('sha256').update('abcdefghij').digest('hex');
    await database.db.execute(sql`update admins set two_factor_secret = ${secret}, two_factor_enabled_at = now() where id = ${admin.id}`);
    await database.db.execute(sql`insert into admin_recovery_codes (admin_id, code_hash) values (${admin.id}, ${legacyHash})`);

    // Another start of the service on this database (a new version deployed).
    const restarted = await buildApp({ db: database.db, config, webDistDir: null });
    await restarted.ready();
    try {
      const [row] = await selectRows<{ secret: string; code_hash: string }>(
        database.db,
        sql`select a.two_factor_secret as secret, r.code_hash from admins a join admin_recovery_codes r on r.admin_id = a.id where a.id = ${admin.id}`,
      );
      expect(row!.secret).toMatch(/^v1:/);
      expect(row!.secret).not.toContain(secret);
      expect(row!.code_hash).toMatch(/^h0:[0-9a-f]{64}$/);
      expect(row!.code_hash).not.toContain(legacyHash);

      const login = async () =>
        (await restarted.inject({ method: 'POST', url: '/api/admin/login', payload: testAdmin })).json().token as string;
      const withCode = await restarted.inject({
        method: 'POST',
        url: '/api/admin/login/two-factor',
        payload: { token: await login(), code: await codeFor(secret) },
      });
      expect(withCode.statusCode, withCode.body).toBe(200);
      const withRecovery = await restarted.inject({
        method: 'POST',
        url: '/api/admin/login/two-factor',
        payload: { token: await login(), code: legacyCode },
      });
      expect(withRecovery.statusCode, withRecovery.body).toBe(200);
    } finally {
      await restarted.close();
    }
  });
});
