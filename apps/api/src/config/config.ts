import { resolve } from 'node:path';
import { z } from 'zod';

const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const positiveInt = z.coerce.number().int().positive();

/** Every setting comes from the environment and is checked once at start-up. */
export const configSchema = z.object({
  NODE_ENV: z.enum(['production', 'development', 'test']).default('production'),
  HOST: z.string().min(1).default('localhost'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// connection string')
    .optional(),
  DATABASE_POOL_SIZE: positiveInt.max(200).default(10),
  DATA_DIR: z.string().min(1).default('./data'),
  ADMIN_EMAIL: z.email('must be an e-mail address').optional(),
  ADMIN_PASSWORD: z.string().min(1).optional(),
  SEED_DEMO_DATA: booleanFlag.default(true),
  SESSION_IDLE_MINUTES: positiveInt.max(24 * 60).default(30),
  SESSION_ABSOLUTE_HOURS: positiveInt.max(24 * 7).default(12),
  TRUST_PROXY: booleanFlag.default(false),
  /** Extra origins allowed to make state-changing calls (split deployments), comma separated. */
  ALLOWED_ORIGINS: z
    .string()
    .default('')
    .transform((v) => v.split(',').map((s) => s.trim()).filter(Boolean))
    .pipe(z.array(z.url('each ALLOWED_ORIGINS entry must be a URL'))),
  PRODUCT_SYMBOL: z.string().regex(/^[A-Za-z0-9]{1,11}$/, 'must be 1-11 letters or digits').default('GIDR'),
  CHAIN_ID: positiveInt.default(137),
  WEB_DIST_DIR: z.string().min(1).optional(),
  SHUTDOWN_GRACE_MS: positiveInt.max(120_000).default(10_000),
});

export type Config = z.output<typeof configSchema>;

export class ConfigError extends Error {}

/** Parses the environment; a wrong value throws with a message naming each variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const present = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const result = configSchema.safeParse(present);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const config = result.data;
  if ((config.ADMIN_EMAIL === undefined) !== (config.ADMIN_PASSWORD === undefined)) {
    throw new ConfigError('Invalid configuration:\n  ADMIN_EMAIL and ADMIN_PASSWORD must be set together');
  }
  return { ...config, DATA_DIR: resolve(config.DATA_DIR) };
}
