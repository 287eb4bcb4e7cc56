import { createHash } from 'node:crypto';
import type { EkycStatus, Gender, KycNotificationStatus } from '@gold/contract';
import { customers, kycNotifications } from '../schema';
import { insertByColumns } from './bulk-insert';
import { chunks, dayMs, hourMs, isoDate, logProgress, slugify, type SeedContext } from './context';
import { mobilePrefixes, provinceFacts } from './indonesia';

/** A KYC-verified customer with a wallet: the only kind that buys, transfers and redeems. */
export interface Buyer {
  id: number;
  walletAddress: string;
  createdAt: Date;
}

type CustomerRow = typeof customers.$inferInsert;

const kycWeights: Array<{ value: EkycStatus; weight: number }> = [
  { value: 'VERIFIED', weight: 60 },
  { value: 'PENDING', weight: 12 },
  { value: 'UNVERIFIED', weight: 23 },
  { value: 'REJECTED', weight: 5 },
];

/** The KYC provider's callback for each state; an UNVERIFIED customer never reached the provider. */
const kycCallbacks: Partial<Record<EkycStatus, KycNotificationStatus>> = { VERIFIED: 'SUCCESS', PENDING: 'PENDING', REJECTED: 'FAILED' };

const provinceChoices = provinceFacts.map((p) => ({ value: p, weight: p.weight }));
const emailDomains = ['example.com', 'example.co.id', 'example.net', 'example.org'];

/** Customers spread over the two years before as-of, with their KYC callbacks; returns the buyers. */
export async function seedCustomers(context: SeedContext, count: number): Promise<Buyer[]> {
  const buyers: Buyer[] = [];
  let notifications = 0;
  let writing: Promise<void> = Promise.resolve();
  for (const { start, end } of chunks(count)) {
    const rows: CustomerRow[] = [];
    for (let i = start; i < end; i++) rows.push(makeCustomer(context, i, count));
    // The database writes one chunk while the next is generated (one connection, one statement at a time).
    await writing;
    writing = writeCustomers(context, rows, buyers).then((written) => {
      notifications += written;
      logProgress(context, 'customers', end, count);
    });
  }
  await writing;
  context.inserted.customers = count;
  context.inserted.kyc_notifications = notifications;
  return buyers;
}

/** The customer at `index` of `count`: created at its share of the two years, so ids follow creation dates. */
function makeCustomer({ faker, seed, asOf }: SeedContext, index: number, count: number): CustomerRow {
  const span = 730 * dayMs;
  const firstCreated = asOf.getTime() - span;
  const gender: Gender = faker.datatype.boolean() ? 'MALE' : 'FEMALE';
  const sex = gender === 'MALE' ? 'male' : 'female';
  const fullName = `${faker.person.firstName(sex)} ${faker.person.lastName(sex)}`;
  // The first customers cover every KYC state, so even a tiny demo shows them all.
  const ekycStatus = index < kycWeights.length ? kycWeights[index]!.value : faker.helpers.weightedArrayElement(kycWeights);
  const emailVerified = ekycStatus !== 'UNVERIFIED' || faker.number.int(9) < 6;
  const province = faker.helpers.weightedArrayElement(provinceChoices);
  const dob = faker.date.between({ from: '1958-01-01T00:00:00Z', to: '2007-12-31T00:00:00Z' });
  const createdAt = new Date(firstCreated + Math.floor(((index + faker.number.float()) / count) * span));
  return {
    fullName,
    email: `${slugify(fullName)}.${index + 1}@${faker.helpers.arrayElement(emailDomains)}`,
    emailStatus: emailVerified ? 'VERIFIED' : 'UNVERIFIED',
    dob: isoDate(dob),
    gender,
    province: province.name,
    address: `${faker.location.streetAddress()}, ${faker.location.city()}`,
    nik: demoNik(province.code, dob, gender, index),
    phoneNumber: `+62${faker.helpers.arrayElement(mobilePrefixes)}${faker.string.numeric(faker.number.int({ min: 7, max: 8 }))}`,
    ekycStatus,
    // A wallet is made when the customer confirms the e-mail address.
    walletAddress: emailVerified ? demoWalletAddress(seed, index) : null,
    createdAt,
  };
}

/** Inserts a chunk of customers and their KYC callbacks (an hour after sign-up); collects the buyers; answers the callbacks written. */
async function writeCustomers({ tx }: SeedContext, rows: CustomerRow[], buyers: Buyer[]): Promise<number> {
  const ids = await insertByColumns(tx, customers, rows);
  const notificationRows: Array<typeof kycNotifications.$inferInsert> = [];
  rows.forEach((row, j) => {
    const id = ids[j]!;
    const status = kycCallbacks[row.ekycStatus!];
    if (status) {
      const at = new Date(row.createdAt!.getTime() + hourMs);
      notificationRows.push({ customerId: id, status, referenceNumber: `KYC-${String(id).padStart(9, '0')}`, createdAt: at });
    }
    if (row.ekycStatus === 'VERIFIED' && row.walletAddress)
      buyers.push({ id, walletAddress: row.walletAddress, createdAt: row.createdAt! });
  });
  await insertByColumns(tx, kycNotifications, notificationRows);
  return notificationRows.length;
}

/** A customer's wallet: deterministic per seed and index, unique by construction (index in the last 8 hex digits). */
export function demoWalletAddress(seed: number, index: number): `0x${string}` {
  const hash = createHash('sha256').update(`wallet:${seed}:${index}`).digest('hex');
  return `0x${hash.slice(0, 32)}${index.toString(16).padStart(8, '0')}`;
}

/**
 * A NIK: province (2), regency (2), district (2), birth date DDMMYY with 40 added to the day
 * for women, and a 4-digit serial. Regency, district and serial encode the index, so every
 * NIK is unique for up to 98 million customers.
 */
export function demoNik(provinceCode: string, dob: Date, gender: Gender, index: number): string {
  const serial = (index % 9999) + 1;
  const rest = Math.floor(index / 9999);
  const district = (rest % 99) + 1;
  const regency = (Math.floor(rest / 99) % 99) + 1;
  const day = dob.getUTCDate() + (gender === 'FEMALE' ? 40 : 0);
  const pad = (n: number, width = 2) => String(n).padStart(width, '0');
  return `${provinceCode}${pad(regency)}${pad(district)}${pad(day)}${pad(dob.getUTCMonth() + 1)}${pad(dob.getUTCFullYear() % 100)}${pad(serial, 4)}`;
}
