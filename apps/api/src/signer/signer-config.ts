import { z } from 'zod';

const booleanFlag = z.enum(['true', 'false', '1', '0', 'yes', 'no']).transform((v) => v === 'true' || v === '1' || v === 'yes');
const positiveInt = z.coerce.number().int().positive();
const address = z.string().regex(/^0x[0-9a-fA-F]{40}$/, 'must be a 0x-prefixed 20-byte hex address');

/**
 * The signer's settings, its own (the API's config.ts knows none of the SIGNER_* variables).
 * The chain settings carry the API's names, so one environment file can serve both.
 */
const signerConfigSchema = z.object({
  NODE_ENV: z.enum(['production', 'development', 'test']).default('production'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** PostgreSQL: the signer connects itself and leads by advisory lock. Unset: it must be the API's child (PGlite). */
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// connection string')
    .optional(),
  /** Set by the API when it forks the signer on PGlite: the store is reached through the IPC bridge. */
  SIGNER_STORE: z.enum(['database', 'ipc']).default('database'),
  RPC_URL: z.url('must be a URL'),
  TOKEN_ADDRESS: address,
  CHAIN_ID: positiveInt.default(137),
  CHAIN_CONFIRMATIONS: z.coerce.number().int().min(0).max(10_000).default(128),
  /** false: final at CHAIN_CONFIRMATIONS below the head without asking for the finalized block (the demo chain: 0). */
  SIGNER_FINALIZED_TAG: booleanFlag.default(true),
  RPC_TIMEOUT_MS: positiveInt.max(60_000).default(10_000),
  SIGNER_KEYSTORE: z.string().min(1).optional(),
  SIGNER_KEYSTORE_PASSWORD: z.string().optional(),
  SIGNER_KEYSTORE_PASSWORD_FILE: z.string().min(1).optional(),
  SIGNER_PRIVATE_KEY: z.string().min(1).optional(),
  SIGNER_ANVIL_DEV_KEY: booleanFlag.optional(),
  /** How often the outbox is read. */
  SIGNER_POLL_MS: positiveInt.min(20).max(60_000).default(1000),
  /** A sent transaction not mined this long after its last broadcast is replaced with higher fees (default 3 min). */
  SIGNER_STUCK_AFTER_MS: positiveInt.min(100).max(86_400_000).default(180_000),
  /** The most a transaction may pay per gas, in gwei: fees above it are not signed (a replacement waits instead). Unset: no cap. */
  SIGNER_MAX_FEE_GWEI: z.coerce.number().positive().max(1_000_000).optional(),
  /** Tests only (NODE_ENV=test): pause-after-sign stops the loop after storing signed bytes. */
  SIGNER_FAULT: z.enum(['pause-after-sign']).optional(),
});

export type SignerConfig = z.output<typeof signerConfigSchema>;

export class SignerConfigError extends Error {}

export function loadSignerConfig(env: NodeJS.ProcessEnv = process.env): SignerConfig {
  const present = Object.fromEntries(
    Object.entries(env).filter(([key, v]) => v !== undefined && (v !== '' || key === 'SIGNER_KEYSTORE_PASSWORD')),
  );
  const result = signerConfigSchema.safeParse(present);
  if (!result.success) {
    // Names the variable and the problem, never the value (it may be a key).
    const lines = result.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new SignerConfigError(`Invalid signer configuration:\n${lines.join('\n')}`);
  }
  const config = result.data;
  if (config.SIGNER_STORE === 'database' && !config.DATABASE_URL) {
    throw new SignerConfigError(
      'Invalid signer configuration:\n  DATABASE_URL: the signer needs the PostgreSQL database the API uses ' +
        '(on the embedded database the API starts the signer itself, as its child)',
    );
  }
  if (config.SIGNER_FAULT && config.NODE_ENV !== 'test') {
    throw new SignerConfigError('Invalid signer configuration:\n  SIGNER_FAULT: for tests only (NODE_ENV=test)');
  }
  return config;
}
