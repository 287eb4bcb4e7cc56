import { readFileSync, statSync } from 'node:fs';
import { isIP } from 'node:net';
import { resolve } from 'node:path';
import { z } from 'zod';

const booleanFlag = z.enum(['true', 'false', '1', '0', 'yes', 'no']).transform((v) => v === 'true' || v === '1' || v === 'yes');

const positiveInt = z.coerce.number().int().positive();

/** proxy-addr's names for address ranges, usable in a TRUST_PROXY list. */
const namedRanges = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isAddressOrRange(entry: string): boolean {
  if (namedRanges.has(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return version === 4 && isIP(prefix) === 4; // 10.0.0.0/255.0.0.0
  return Number(prefix) <= (version === 4 ? 32 : 128);
}

/**
 * Which proxies may tell the client's address (X-Forwarded-For) and protocol: nobody (false),
 * the nearest N hops, or the listed proxy addresses and ranges. `true` (everybody) is refused:
 * any client could then pick its own address and escape the per-address sign-in limit.
 */
export type TrustProxySetting = false | { hops: number } | { proxies: string[] };

const trustProxy = z.string().transform((raw, ctx): TrustProxySetting => {
  const value = raw.trim().toLowerCase();
  if (value === 'false' || value === 'no' || value === '0') return false;
  if (value === 'true' || value === 'yes') {
    ctx.addIssue({
      code: 'custom',
      message:
        "true would believe any client's X-Forwarded-For; set the number of proxies in front of the service (e.g. 1) " +
        'or their addresses or ranges, comma separated (e.g. 10.0.0.0/8,192.168.1.5)',
    });
    return z.NEVER;
  }
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    if (hops > 10) ctx.addIssue({ code: 'custom', message: 'a hop count must be at most 10' });
    return { hops };
  }
  const proxies = value
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  const wrong = proxies.filter((entry) => !isAddressOrRange(entry));
  if (proxies.length === 0 || wrong.length > 0) {
    ctx.addIssue({
      code: 'custom',
      message: `must be false, a hop count or a comma-separated list of proxy addresses or CIDR ranges (not ${wrong.join(', ') || 'empty'})`,
    });
    return z.NEVER;
  }
  return { proxies };
});

/** Every setting comes from the environment and is checked once at start-up. */
const configSchema = z.object({
  NODE_ENV: z.enum(['production', 'development', 'test']).default('production'),
  HOST: z.string().min(1).default('localhost'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// connection string')
    .optional(),
  DATABASE_POOL_SIZE: positiveInt.max(200).default(10),
  /** PostgreSQL limits (README): a statement, an idle transaction, a wait for a pool connection. */
  DATABASE_STATEMENT_TIMEOUT_MS: positiveInt.max(600_000).default(15_000),
  DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS: positiveInt.max(600_000).default(10_000),
  DATABASE_ACQUIRE_TIMEOUT_MS: positiveInt.max(60_000).default(5000),
  /** Streams one session may hold open at once; past them 429. */
  EXPORTS_PER_SESSION: positiveInt.max(20).default(2),
  EVENT_STREAMS_PER_SESSION: positiveInt.max(50).default(6),
  /** An answer bigger than the socket buffers (an export, a whole list, large JSON) whose client takes nothing for this long is ended. */
  STREAM_STALL_SECONDS: positiveInt.max(3600).default(60),
  /** API processes to run (node:cluster) on DATABASE_URL; the embedded database allows one. */
  WORKERS: positiveInt.max(64).default(1),
  DATA_DIR: z.string().min(1).default('./data'),
  ADMIN_EMAIL: z.email('must be an e-mail address').optional(),
  ADMIN_PASSWORD: z.string().min(1).optional(),
  /** Demo parts (SEED_DEMO_DATA, DEMO_CHAIN, DEMO_MAIL_CATCHER, PLATFORM_SIMULATOR): on by default on the embedded database, off on DATABASE_URL unless named (loadConfig). */
  SEED_DEMO_DATA: booleanFlag.optional(),
  SESSION_IDLE_MINUTES: positiveInt.max(24 * 60).default(30),
  SESSION_ABSOLUTE_HOURS: positiveInt.max(24 * 7).default(12),
  /**
   * Every admin must sign in with a second factor; one without is made to enrol at its next sign-in.
   * Unset: on with DATABASE_URL (a real deployment), off on the embedded demo.
   */
  REQUIRE_TWO_FACTOR: booleanFlag.optional(),
  TRUST_PROXY: trustProxy.default(false),
  /** Sign-ins checked at once (each costs an argon2 verification), and how many may wait for a turn. */
  SIGN_IN_CONCURRENCY: positiveInt.max(256).default(2),
  SIGN_IN_QUEUE: z.coerce.number().int().min(0).max(10_000).default(8),
  /** Extra origins allowed to make state-changing calls (split deployments), comma separated. */
  ALLOWED_ORIGINS: z
    .string()
    .default('')
    .transform((v) =>
      v
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.url('each ALLOWED_ORIGINS entry must be a URL'))),
  /** The {product} label; unset: the token's symbol read from the contract, or GIDR while the chain is not read. */
  PRODUCT_SYMBOL: z
    .string()
    .regex(/^[A-Za-z0-9]{1,11}$/, 'must be 1-11 letters or digits')
    .optional(),
  CHAIN_ID: positiveInt.default(137),
  /** A JSON-RPC node of the token's network; unset runs the demo chain (anvil) when DEMO_CHAIN is on. */
  RPC_URL: z.url('must be a URL').optional(),
  TOKEN_ADDRESS: z
    .string()
    .regex(/^0x[0-9a-fA-F]{40}$/, 'must be a 0x-prefixed 20-byte hex address')
    .optional(),
  TOKEN_DEPLOYMENT_BLOCK: z.coerce.number().int().min(0).optional(),
  /** A transfer is final at the node's finalized block; a node without that tag: this many confirmations (Polygon PoS default). */
  CHAIN_CONFIRMATIONS: z.coerce.number().int().min(0).max(10_000).default(128),
  /**
   * Settlement (docs/decisions.md): customers escrow a redemption's total + fee to this address;
   * unset: the demo chain's token owner, and no settlement at all on a real chain (nothing can be
   * approved without a final escrow). Only addresses here: the key is the signer's, never the API's.
   */
  SETTLEMENT_ESCROW_ADDRESS: z
    .string()
    .regex(/^0x[0-9a-fA-F]{40}$/, 'must be a 0x-prefixed 20-byte hex address')
    .optional(),
  /** Where a redemption's fee goes once it is handed over; unset: the demo chain's second account. */
  SETTLEMENT_TREASURY_ADDRESS: z
    .string()
    .regex(/^0x[0-9a-fA-F]{40}$/, 'must be a 0x-prefixed 20-byte hex address')
    .optional(),
  /** Milliseconds between the settlement step's reads of new escrow deposits and finality. */
  SETTLEMENT_INTERVAL_MS: positiveInt.min(50).max(60_000).default(1000),
  /** Bearer token a Prometheus scraper sends to GET /metrics; unset: no /metrics at all. */
  METRICS_TOKEN: z.string().min(24, 'must be at least 24 characters').optional(),
  /** A reorganisation deeper than this stops the transfer watcher (it never rescans by itself). */
  CHAIN_MAX_REORG_DEPTH: positiveInt.max(100_000).default(256),
  /** A node head that has not moved for this long is reported as stalled. */
  CHAIN_STALL_SECONDS: positiveInt.max(86_400).default(60),
  EXPLORER_API_URL: z.url('must be a URL').default('https://api.etherscan.io'),
  EXPLORER_API_KEY: z.string().min(1).optional(),
  EXPLORER_CALLS_PER_SECOND: positiveInt.max(100).default(3),
  BALANCE_CACHE_SECONDS: positiveInt.max(3600).default(15),
  RPC_TIMEOUT_MS: positiveInt.max(60_000).default(5000),
  DEMO_CHAIN: booleanFlag.optional(),
  DEMO_CHAIN_WALLETS: z.coerce.number().int().min(0).max(10_000).default(500),
  WEB_DIST_DIR: z.string().min(1).optional(),
  SHUTDOWN_GRACE_MS: positiveInt.max(120_000).default(10_000),
  /** Where one-time codes are e-mailed (smtp:// or smtps://, options as query, e.g. ?pool=true); unset: the demo mail catcher. */
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\/[^/]/, 'must be an smtp:// or smtps:// URL')
    .optional(),
  MAIL_FROM: z.string().min(3).default('Gold Back Office <no-reply@example.com>'),
  /** Without SMTP_URL, catch mail (kept in the database) and show it at /dev/mail (signed in); false: no mail at all. */
  DEMO_MAIL_CATCHER: booleanFlag.optional(),
  /** HMAC key for one-time codes; unset: a random one made on the first start and kept in the database (app_secret). */
  OTP_HASH_KEY: z.string().min(32, 'must be at least 32 characters').optional(),
  /** OTP_HASH_KEY read from a file instead (a mounted secret); refused when group or others may read it. */
  OTP_HASH_KEY_FILE: z.string().min(1).optional(),
  /** A simulated customer platform calling the platform API over HTTP, so the demo moves on its own. */
  PLATFORM_SIMULATOR: booleanFlag.optional(),
  /** Milliseconds between the simulator's steps. */
  PLATFORM_SIMULATOR_INTERVAL_MS: positiveInt.min(100).max(3_600_000).default(4000),
  /** The collection counter's hours (WIB), booked in 2-hour windows from the opening hour: 08-16 gives 8, 10, 12 and 14. */
  COUNTER_HOURS: z
    .string()
    .regex(/^([01]\d|2[0-4])-([01]\d|2[0-4])$/, 'must be HH-HH, e.g. 08-16')
    .transform((v) => v.split('-').map(Number) as [number, number])
    .refine(([open, close]) => close - open >= 2, 'must span at least one 2-hour window')
    .default([8, 16]),
  /**
   * A hand-over of more grams than this waits for a second admin's confirmation (four eyes); at or
   * under it the approving teller hands it over alone. 0: every hand-over is confirmed.
   */
  HANDOVER_CONFIRMATION_GRAMS: z.coerce.number().int().min(0).max(100_000_000).default(100),
  /** A current price older than this (by its source's time) is flagged stale on the dashboard: the feed may have stopped. */
  PRICE_STALE_AFTER_MINUTES: positiveInt.max(525_600).default(60),
  /** ISO weekdays the counter opens (1 = Monday), comma separated. */
  COUNTER_DAYS: z
    .string()
    .regex(/^[1-7](,[1-7])*$/, 'must be ISO weekdays 1-7, comma separated (e.g. 1,2,3,4,5)')
    .transform((v) => [...new Set(v.split(',').map(Number))].sort())
    .default([1, 2, 3, 4, 5]),
});

/** The demo's parts: on by default on the embedded database, and only when named on PostgreSQL. */
type DemoPart = 'SEED_DEMO_DATA' | 'DEMO_CHAIN' | 'DEMO_MAIL_CATCHER' | 'PLATFORM_SIMULATOR';

export type Config = Omit<z.output<typeof configSchema>, DemoPart> & Record<DemoPart, boolean>;

export class ConfigError extends Error {}

/** Parses the environment; a wrong value throws with a message naming each variable. */
export function loadConfig(
  env: NodeJS.ProcessEnv = process.env,
  /** Tools that send no mail and read no chain (the seed command) skip the deployment's required settings. */
  { requireDeploymentSettings = true }: { requireDeploymentSettings?: boolean } = {},
): Config {
  const present = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const result = configSchema.safeParse(present);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const parsed = result.data;
  // A real deployment (DATABASE_URL) gets no demo part it did not name.
  const demoDefault = !parsed.DATABASE_URL;
  const config: Config = {
    ...parsed,
    SEED_DEMO_DATA: parsed.SEED_DEMO_DATA ?? demoDefault,
    DEMO_CHAIN: parsed.DEMO_CHAIN ?? demoDefault,
    DEMO_MAIL_CATCHER: parsed.DEMO_MAIL_CATCHER ?? demoDefault,
    PLATFORM_SIMULATOR: parsed.PLATFORM_SIMULATOR ?? demoDefault,
  };
  if (parsed.DATABASE_URL && requireDeploymentSettings) {
    // Without these a deployment would run half-configured: name what is missing instead.
    const missing: string[] = [];
    if (!config.SMTP_URL && parsed.DEMO_MAIL_CATCHER === undefined) {
      missing.push(
        "  SMTP_URL: the mail server for customers' one-time codes is required on DATABASE_URL " +
          '(DEMO_MAIL_CATCHER=true catches mail for a demo; DEMO_MAIL_CATCHER=false sends none)',
      );
    }
    if (!config.RPC_URL && parsed.DEMO_CHAIN === undefined) {
      missing.push(
        "  RPC_URL: the token's chain (RPC_URL, TOKEN_ADDRESS, TOKEN_DEPLOYMENT_BLOCK) is required on DATABASE_URL " +
          '(DEMO_CHAIN=true runs a local demo chain; DEMO_CHAIN=false runs without a chain)',
      );
    }
    if (missing.length > 0) throw new ConfigError(`Invalid configuration:\n${missing.join('\n')}`);
  }
  if (config.RPC_URL && (!config.TOKEN_ADDRESS || config.TOKEN_DEPLOYMENT_BLOCK === undefined)) {
    throw new ConfigError('Invalid configuration:\n  RPC_URL needs TOKEN_ADDRESS and TOKEN_DEPLOYMENT_BLOCK');
  }
  if (config.WORKERS > 1 && !config.DATABASE_URL) {
    throw new ConfigError(
      `Invalid configuration:\n  WORKERS: ${config.WORKERS} processes need DATABASE_URL (PostgreSQL); the embedded database (PGlite) ` +
        'allows one process per DATA_DIR. Unset WORKERS, or set DATABASE_URL',
    );
  }
  if ((config.ADMIN_EMAIL === undefined) !== (config.ADMIN_PASSWORD === undefined)) {
    throw new ConfigError('Invalid configuration:\n  ADMIN_EMAIL and ADMIN_PASSWORD must be set together');
  }
  const otpHashKey = serverKey(config.OTP_HASH_KEY, config.OTP_HASH_KEY_FILE);
  if (config.DATABASE_URL && !otpHashKey) {
    throw new ConfigError(
      'Invalid configuration:\n  OTP_HASH_KEY: required on DATABASE_URL (or OTP_HASH_KEY_FILE), so the key that seals second factors and ' +
        'one-time codes is not kept beside them in the database; e.g. OTP_HASH_KEY=$(openssl rand -hex 32)',
    );
  }
  return {
    ...config,
    DATA_DIR: resolve(config.DATA_DIR),
    OTP_HASH_KEY: otpHashKey,
    REQUIRE_TWO_FACTOR: config.REQUIRE_TWO_FACTOR ?? config.DATABASE_URL !== undefined,
  };
}

/** OTP_HASH_KEY, given or read from OTP_HASH_KEY_FILE (kept from group and others: mode 600 or 400). */
function serverKey(given: string | undefined, file: string | undefined): string | undefined {
  if (given && file) throw new ConfigError('Invalid configuration:\n  OTP_HASH_KEY and OTP_HASH_KEY_FILE: set one, not both');
  if (!file) return given;
  let key: string;
  try {
    if ((statSync(file).mode & 0o077) !== 0)
      throw new ConfigError(`Invalid configuration:\n  OTP_HASH_KEY_FILE: ${file} is readable by group or others: chmod 600 it`);
    key = readFileSync(file, 'utf8').trim();
  } catch (error) {
    if (error instanceof ConfigError) throw error;
    throw new ConfigError(`Invalid configuration:\n  OTP_HASH_KEY_FILE: cannot read ${file} (${(error as Error).message})`);
  }
  if (key.length < 32) throw new ConfigError('Invalid configuration:\n  OTP_HASH_KEY_FILE: the key must be at least 32 characters');
  return key;
}

/** TRUST_PROXY in the form Fastify's trustProxy option takes. */
export function fastifyTrustProxy(setting: TrustProxySetting): false | string[] | ((address: string, hop: number) => boolean) {
  if (setting === false) return false;
  if ('proxies' in setting) return setting.proxies;
  // Fastify fails closed on a bare number; a hop count trusts the nearest `hops` addresses of the chain.
  const { hops } = setting;
  return (_address, hop) => hop < hops;
}
