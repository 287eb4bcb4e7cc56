import type { Config } from './config/config';
import type { Database } from './db/client';
import type { ChainServices } from './modules/chain';
import { databaseReadiness, type Readiness } from './modules/health/readiness';
import { createMailer, type Mailer } from './modules/mail/mailer';
import { otpHashKey } from './modules/redemptions/otp-codes';

/** What route modules get from the app: the database, the validated configuration, the chain and the shared services. */
export interface AppDeps {
  db: Database;
  config: Config;
  /**
   * The chain's reader and watcher once they run (they start after the demo data is seeded, and
   * may be down): routes answer "unavailable" for balances while this gives undefined.
   */
  chain?: () => ChainServices | undefined;
  /** Sends the customers' one-time codes (SMTP_URL, or the demo catcher's). */
  mailer: Mailer;
  /** The one-time codes' HMAC key: OTP_HASH_KEY, or the one kept in the database for every process. */
  otpKey: Buffer;
  /** Whether the database answers, checked on a connection of its own when there is one (never behind a busy pool). */
  readiness: Readiness;
}

/** What the app is built from; what is left out is built here, once per app. */
export type AppDepsInput = Pick<AppDeps, 'db' | 'config' | 'chain'> & Partial<Pick<AppDeps, 'mailer' | 'otpKey' | 'readiness'>>;

/**
 * Builds the services the routes share, once per app: the mailer, the one-time-code key (read
 * from or made in the database when OTP_HASH_KEY is not set) and the readiness check. `close`
 * ends what was built here (not what was given).
 */
export async function buildAppDeps(input: AppDepsInput): Promise<{ deps: AppDeps; close(): Promise<void> }> {
  const { db, config } = input;
  const mailer = input.mailer ?? createMailer({ smtpUrl: config.SMTP_URL, from: config.MAIL_FROM });
  const readiness = input.readiness ?? databaseReadiness(db, config.DATABASE_URL);
  const otpKey = input.otpKey ?? (await otpHashKey(db, config.OTP_HASH_KEY));
  return {
    deps: { db, config, chain: input.chain, mailer, otpKey, readiness },
    async close() {
      if (!input.mailer) mailer.close();
      if (!input.readiness) await readiness.close();
    },
  };
}
