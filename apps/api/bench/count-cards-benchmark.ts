import type { BenchApi } from './api-process';
import { p95AtMost, targets, timeGet, type Timing } from './http-timing';

const count = (b: unknown) => `count ${(b as { count: number }).count.toLocaleString('en')}`;

/** Every count card of the console, each on its own, as the card asks for it. */
const cards: Array<{ card: string; path: string; describe: (body: unknown) => string }> = [
  { card: 'Total Users', path: '/api/admin/count/users', describe: count },
  { card: 'Total Redemptions', path: '/api/admin/count/redeems', describe: count },
  { card: 'Transactions Made', path: '/api/admin/count/transactions', describe: count },
  {
    card: '{product} Purchased List card',
    path: '/api/admin/count/order',
    describe: (b) => `totalOrder ${(b as { data: Array<{ totalOrder: number }> }).data[0]!.totalOrder.toLocaleString('en')}`,
  },
  { card: 'Registered Admin', path: '/api/admin/count/admins', describe: count },
  { card: 'Submitted Contacts', path: '/api/admin/count/messages', describe: count },
];

export async function benchCountCards(api: BenchApi): Promise<Timing[]> {
  const timings: Timing[] = [];
  for (const { card, path, describe } of cards) {
    timings.push(await timeGet(api, `${card} (GET ${path.replace('/api', '')})`, path, describe, { target: p95AtMost(targets.count) }));
  }
  return timings;
}
