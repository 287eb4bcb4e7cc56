import { parseArgs } from 'node:util';
import { z } from 'zod';
import { defaultSeedCounts, type SeedCounts } from '../db/seed/seed-demo-data';

export const seedUsage = `Usage: npm run seed -- [options]

Fills the database (DATABASE_URL, or the embedded PGlite in DATA_DIR) with deterministic
Indonesian demo data. Refuses a database that already has customers unless --reset is given.

  --users N          customers (default ${defaultSeedCounts.users})
  --redemptions N    redemptions, in every status, with their pieces (default ${defaultSeedCounts.redemptions})
  --transactions N   token transactions (default ${defaultSeedCounts.transactions})
  --orders N         purchase orders (default ${defaultSeedCounts.orders})
  --messages N       contact messages (default ${defaultSeedCounts.messages})
  --prices N         days of price history (default ${defaultSeedCounts.prices})
  --seed N           random seed: the same seed and --as-of give the same data (default 20261122)
  --as-of DATE       the demo's "today", YYYY-MM-DD (default: today, UTC)
  --reset            empty the demo tables first (admins and the audit log are kept)
  --help             this text
`;

const count_ = z.coerce
  .number({ error: 'must be a whole number' })
  .int('must be a whole number')
  .min(0, 'must be 0 or more')
  .max(50_000_000, 'must be at most 50,000,000');

const seedArgsSchema = z.object({
  users: count_.default(defaultSeedCounts.users),
  redemptions: count_.default(defaultSeedCounts.redemptions),
  transactions: count_.default(defaultSeedCounts.transactions),
  orders: count_.default(defaultSeedCounts.orders),
  messages: count_.default(defaultSeedCounts.messages),
  prices: count_.default(defaultSeedCounts.prices),
  seed: z.coerce
    .number()
    .int('must be a whole number')
    .min(0)
    .max(2 ** 31 - 1)
    .optional(),
  'as-of': z.iso.date('must be a date, YYYY-MM-DD').optional(),
  reset: z.boolean().default(false),
  help: z.boolean().default(false),
});

export type SeedArgs = { counts: SeedCounts; seed?: number; asOf?: Date; reset: boolean; help: boolean };

/** Parses the command line; a wrong flag or value throws with a message naming it. */
export function parseSeedArgs(argv: string[]): SeedArgs {
  const numeric = { type: 'string' } as const;
  const { values } = parseArgs({
    args: argv,
    strict: true,
    allowPositionals: false,
    options: {
      users: numeric,
      redemptions: numeric,
      transactions: numeric,
      orders: numeric,
      messages: numeric,
      prices: numeric,
      seed: numeric,
      'as-of': numeric,
      reset: { type: 'boolean' },
      help: { type: 'boolean' },
    },
  });
  const parsed = seedArgsSchema.safeParse(values);
  if (!parsed.success) {
    throw new Error(parsed.error.issues.map((i) => `--${i.path.join('.')}: ${i.message}`).join('\n'));
  }
  const { users, redemptions, transactions, orders, messages, prices, seed, reset, help } = parsed.data;
  const asOf = parsed.data['as-of'] ? new Date(`${parsed.data['as-of']}T00:00:00Z`) : undefined;
  return { counts: { users, redemptions, transactions, orders, messages, prices }, seed, asOf, reset, help };
}
