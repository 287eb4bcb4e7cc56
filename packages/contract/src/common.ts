import { z } from 'zod';

/** Every 4xx/5xx answer of the API has this shape; `message` names the problem. */
export const errorResponse = z.object({
  statusCode: z.number().int(),
  error: z.string(),
  message: z.string(),
  issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});
export type ErrorResponse = z.infer<typeof errorResponse>;

/** A numeric id in a path, e.g. /admin/users/{id}. */
export const idParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });
export type IdParams = z.infer<typeof idParams>;

/** Spec lists take optional limit and page (page counts from 0); without them the whole list is returned. */
export const pageQuery = z.object({
  limit: z.coerce.number().int().min(1).max(100).optional(),
  page: z.coerce.number().int().min(0).max(1_000_000).optional(),
});
export type PageQuery = z.infer<typeof pageQuery>;

export const countResponse = z.object({ count: z.number().int().nonnegative() });
export type CountResponse = z.infer<typeof countResponse>;

/**
 * The transfer watcher as /api/health/ready details it: the node's head and finalized block, the
 * last block stored, the lag in blocks and in seconds of block time, and the last error with its
 * time. `halted`: a reorganisation deeper than the bound stopped it (an operator must act).
 */
export const indexerStatus = z.object({
  state: z.enum(['starting', 'running', 'retrying', 'halted', 'stopped']),
  headBlock: z.number().int().nullable(),
  finalizedBlock: z.number().int().nullable(),
  indexedBlock: z.number().int().nullable(),
  lagBlocks: z.number().int().nullable(),
  lagSeconds: z.number().int().nullable(),
  stalled: z.boolean(),
  lastError: z.string().nullable(),
  lastErrorAt: z.string().nullable(),
  lastReorg: z.object({ depth: z.number().int(), ancestor: z.number().int(), at: z.string() }).nullable(),
  /**
   * When the watcher's process last wrote this status to the database (every API process reads it
   * there; only the leading one runs the watcher). An old time: that watcher no longer runs.
   */
  updatedAt: z.string().nullable().optional(),
});
export type IndexerStatus = z.infer<typeof indexerStatus>;

export const healthResponse = z.object({
  status: z.enum(['ok', 'unavailable']),
  database: z.enum(['up', 'down']),
  /** The transfer watcher's status, whichever process runs it; null without a chain or before it first wrote one. */
  indexer: indexerStatus.nullable().optional(),
  /**
   * What an operator must act on, in words, most serious first: a halted indexer (a
   * reorganisation deeper than the bound), a stalled node, a node that does not answer.
   */
  alerts: z.array(z.string()).optional(),
});
export type HealthResponse = z.infer<typeof healthResponse>;

// eslint-disable-next-line no-control-regex -- finding control characters is the point
const controlCharacters = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;
const loneSurrogate = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Text a person can type: line breaks and tabs, but no other control characters (PostgreSQL cannot store NUL) and no broken UTF-16. */
export const isPlainText = (text: string) => !controlCharacters.test(text) && !loneSurrogate.test(text);

/**
 * Free text from a person (a search, a reason, a message): trimmed, bounded, plain text.
 * Every free-text field of the contract is built here so none can carry what the database refuses.
 */
export function plainText(field: string, { min = 0, max }: { min?: number; max: number }) {
  const text = z.string().trim();
  return (min > 0 ? text.min(min, `${field} is required`) : text)
    .max(max, `${field} must be at most ${max} characters`)
    .refine(isPlainText, `${field} must be plain text (no control characters)`);
}
