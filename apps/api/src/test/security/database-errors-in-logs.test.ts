import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loggerOptions } from '../../lib/logging';
import { registerErrorHandler } from '../../plugins/error-handler';
import { customers } from '../../db/schema';
import { createTestDatabase, engines, postgresReachable, type TestDatabase } from '../test-databases';

const postgresUp = await postgresReachable();

/**
 * A failing database call is logged with its SQL and error code, never with the values it was
 * given: the app's logger and error handler, the real drivers, and queries that fail with a
 * secret as a parameter, in the value a unique key refuses, and in a value the type refuses.
 */
describe.each(engines)('database errors in the logs (%s)', (engine) => {
  describe.skipIf(engine === 'postgres' && !postgresUp)('', () => {
    const secret = 'JBSWY3DPEHPK3PXP-secret-value';
    const lines: string[] = [];
    let database: TestDatabase;
    const app = Fastify({
      logger: loggerOptions(
        'info',
        new Writable({
          write(chunk, _encoding, done) {
            lines.push(String(chunk));
            done();
          },
        }),
      ),
    });
    beforeAll(async () => {
      database = await createTestDatabase(engine);
      registerErrorHandler(app);
      const { db } = database;
      app.get('/missing-table', async () => db.execute(sql`select * from no_such_table where secret = ${secret}`));
      app.get('/duplicate-key', async () => {
        await db.insert(customers).values({ fullName: 'Dewi', email: `${secret}@example.com` });
        await db.insert(customers).values({ fullName: 'Dewi', email: `${secret}@example.com` });
      });
      app.get('/refused-value', async () => db.execute(sql`select ${secret}::int`));
      await app.ready();
    });
    afterAll(async () => {
      await app.close();
      await database?.destroy();
    });

    it.each([
      ['/missing-table', 'no_such_table'],
      ['/duplicate-key', 'insert into "customers"'],
      ['/refused-value', '::int'],
    ])('%s: 500, and the log line holds the SQL but no parameter', async (url, sqlText) => {
      lines.length = 0;
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(500);
      expect(response.body).not.toContain(secret);
      const failure = lines
        .map((line) => JSON.parse(line) as { msg: string; err?: { message: string; stack: string } })
        .find((line) => line.err);
      expect(failure?.msg).toBe('request failed');
      expect(failure?.err?.message).toContain(sqlText);
      expect(failure?.err?.stack).toContain(sqlText);
      expect(lines.join('')).not.toContain(secret);
      expect(lines.join('')).not.toContain('params:');
    });
  });
});
