import type { TransactionType } from '@gold/contract';

/** How each type of Transfer log is named on screen (English keys, translated where drawn). */
export const transactionTypeLabels: Record<TransactionType, string> = { MINT: 'Mint', TRANSFER: 'Transfer', BURN: 'Burn' };
