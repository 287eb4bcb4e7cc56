import { z } from 'zod';
import { transactionTypes } from './enums';
import { listQuery, pageOf } from './list';
import { tokenAmount } from './redemptions';

/** Columns the transaction list can be sorted by: `date` (the block time) and `amount`, each with an index ending in the id. */
export const transactionSortFields = ['date', 'amount'] as const;
export type TransactionSortField = (typeof transactionSortFields)[number];

/**
 * Search of the transaction list: a transaction hash or a wallet address, whole or its start
 * (hex digits, `0x` optional, any case). It matches the hash, the sender or the receiver by
 * prefix (a whole one is an exact match), through prefix indexes. Anything else is a 400.
 */
export const transactionSearch = z
  .string()
  .trim()
  .regex(
    /^(0[xX])?[0-9a-fA-F]{1,64}$/,
    'search must be a transaction hash or a wallet address, or its beginning (hex digits, 0x optional, at most 64 digits)',
  )
  .transform((text) => `0x${text.replace(/^0[xX]/, '').toLowerCase()}`);

/** GET /admin/list/transactions: newest first by default; optional type filter and hash/address search. */
export const transactionListQuery = listQuery({
  sort: transactionSortFields,
  defaultSort: 'date',
  defaultOrder: 'desc',
  filters: { search: transactionSearch.optional(), type: z.enum(transactionTypes).optional() },
});
export type TransactionListQuery = z.infer<typeof transactionListQuery>;

/**
 * A token transaction (one Transfer log) as the spec names it: `status` is its type (shown as
 * Type), `date` the block time (ISO-8601 UTC), `amount` exact {product} text, addresses in lower case
 * (null for the zero address side of a mint or burn when not stored).
 */
export const transaction = z.object({
  id: z.number().int(),
  txhash: z.string(),
  logIndex: z.number().int(),
  from: z.string().nullable(),
  to: z.string().nullable(),
  date: z.string(),
  amount: tokenAmount,
  status: z.enum(transactionTypes),
  /**
   * Not in the spec: the block is above the node's finalized block (or not yet confirmations
   * deep). The console marks the row; it becomes final, or leaves the list if a reorganisation
   * abandons its block.
   */
  pending: z.boolean(),
});
export type Transaction = z.infer<typeof transaction>;

export const transactionListResponse = pageOf(transaction);
export type TransactionListResponse = z.infer<typeof transactionListResponse>;

/**
 * One transaction as its detail shows it: the list's fields and, not in the spec, the block it
 * was read from (null for rows stored without a chain), so "pending" names the block to wait for.
 */
export const transactionDetail = transaction.extend({ blockNumber: z.number().int().nullable() });
export type TransactionDetail = z.infer<typeof transactionDetail>;

/** GET /admin/transaction/detail/{id}: the spec reads `data[0]`. */
export const transactionDetailResponse = z.object({ data: z.array(transactionDetail) });
export type TransactionDetailResponse = z.infer<typeof transactionDetailResponse>;
