import { createHash } from 'node:crypto';
import { tokenTransactions } from '../schema';
import { insertByColumns } from './bulk-insert';
import { chunks, dayMs, hundredthsToDecimal, logProgress, type SeedContext } from './context';
import { demoWalletAddress, type Buyer } from './customers';

/** Mints come from, and burns go to, the zero address. */
const zeroAddress = '0x0000000000000000000000000000000000000000';

/** Token movements over the last year: mints to buyers, transfers between them, burns for redemptions. */
export async function seedTransactions(context: SeedContext, count: number, buyers: Buyer[]): Promise<void> {
  const { faker, seed, asOf } = context;
  const from = asOf.getTime() - 365 * dayMs;
  // Without buyers (e.g. --users 0) the movements still need a wallet: the first demo wallet stands in.
  const wallets = buyers.length ? buyers.map((c) => c.walletAddress) : [demoWalletAddress(seed, 0)];
  for (const { start, end } of chunks(count)) {
    const rows: Array<typeof tokenTransactions.$inferInsert> = [];
    for (let i = start; i < end; i++) {
      const type = faker.helpers.weightedArrayElement([
        { value: 'MINT' as const, weight: 5 },
        { value: 'TRANSFER' as const, weight: 4 },
        { value: 'BURN' as const, weight: 1 },
      ]);
      const customer = faker.helpers.arrayElement(wallets);
      rows.push({
        txhash: demoTxHash(seed, i),
        fromAddress: type === 'MINT' ? zeroAddress : customer,
        toAddress: type === 'BURN' ? zeroAddress : type === 'MINT' ? customer : faker.helpers.arrayElement(wallets),
        amount: hundredthsToDecimal(faker.number.int({ min: 1, max: 10_000 })),
        type,
        occurredAt: new Date(faker.number.int({ min: from, max: asOf.getTime() - 60_000 })),
      });
    }
    await insertByColumns(context.tx, tokenTransactions, rows);
    logProgress(context, 'transactions', end, count);
  }
  context.inserted.token_transactions = count;
}

/** A transaction hash: deterministic per seed and index, so unique within a run. */
function demoTxHash(seed: number, index: number): string {
  return `0x${createHash('sha256').update(`tx:${seed}:${index}`).digest('hex')}`;
}
