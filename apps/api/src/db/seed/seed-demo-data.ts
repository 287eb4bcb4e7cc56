import { createHash } from 'node:crypto';
import { Faker, id_ID, base, en } from '@faker-js/faker';
import { sql } from 'drizzle-orm';
import type { EkycStatus, Gender, RedemptionStatus } from '@gold/contract';
import type { Database, Transaction } from '../client';
import {
  admins, contactMessages, customers, goldDenominations, goldPrices, kycNotifications, purchaseOrders,
  redemptionLimits, redemptionPieces, redemptions, tokenTransactions, auditLog,
} from '../schema';
import { insertByColumns } from './bulk-insert';
import { contactTopics, mobilePrefixes, provinceFacts, rejectReasons } from './indonesia';

export interface SeedCounts {
  users: number;
  redemptions: number;
  transactions: number;
  orders: number;
  messages: number;
  prices: number;
}

/** What `npm start` loads into an empty database: enough to fill every screen. */
export const defaultSeedCounts: SeedCounts = {
  users: 500,
  redemptions: 300,
  transactions: 1200,
  orders: 600,
  messages: 40,
  prices: 180,
};

export interface SeedOptions {
  /** Same seed and as-of date, same data. */
  seed?: number;
  /** The "now" of the demo world: every date is at or before it, appointments may follow it. */
  asOf?: Date;
  log?: (message: string) => void;
}

export interface SeedSummary {
  seed: number;
  asOf: string;
  inserted: Record<string, number>;
  milliseconds: number;
}

/** Vault denominations in grams; 50 g pieces are stocked but not offered for redemption. */
export const demoDenominations = [5, 10, 25, 50, 100, 250, 500, 1000] as const;
const nonRedeemableDenominations = new Set<number>([50]);
/** Limit history, oldest first; the last is current and caps the pieces customers asked for. */
export const demoLimitHistory = [100, 500, 250] as const;
/** Collection windows start at these hours (WIB), two hours each, during opening hours. */
const timeSlots = [8, 10, 12, 14] as const;

const zeroAddress = '0x0000000000000000000000000000000000000000';
const dayMs = 86_400_000;
/** Rows per INSERT (one array parameter per column): large enough to be fast, small enough to keep memory flat. */
const rowsPerInsert = 10_000;

/** A customer's wallet: deterministic per seed and index, unique by construction (index in the last 8 hex digits). */
export function demoWalletAddress(seed: number, index: number): `0x${string}` {
  const hash = createHash('sha256').update(`wallet:${seed}:${index}`).digest('hex');
  return `0x${hash.slice(0, 32)}${index.toString(16).padStart(8, '0')}`;
}

function demoTxHash(seed: number, index: number): string {
  return `0x${createHash('sha256').update(`tx:${seed}:${index}`).digest('hex')}`;
}

/** Whole hundredths (of a {product}) as an exact decimal string: never a float in storage. */
function hundredthsToDecimal(hundredths: number): string {
  return `${Math.floor(hundredths / 100)}.${String(hundredths % 100).padStart(2, '0')}`;
}

function isoDate(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** The date in Jakarta (UTC+7, no daylight saving) of an instant. */
function jakartaDate(instant: Date): string {
  return isoDate(new Date(instant.getTime() + 7 * 3_600_000));
}

function startOfUtcDay(date: Date): Date {
  return new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()));
}

function slugify(text: string): string {
  return text.toLowerCase().normalize('NFKD').replace(/[^a-z0-9]+/g, '.').replace(/^\.|\.$/g, '');
}

/**
 * Fills an empty database with a realistic, deterministic Indonesian demo world, in one
 * transaction (a failed run leaves nothing behind). It keeps the business invariants:
 * a redemption's total is the sum of its pieces, and no denomination's available stock
 * (stock minus the pieces of REDEEMED redemptions) is negative, with every reserved piece covered.
 */
export async function seedDemoData(db: Database, counts: SeedCounts, options: SeedOptions = {}): Promise<SeedSummary> {
  const started = Date.now();
  const seed = options.seed ?? 20261122;
  const asOf = options.asOf ?? startOfUtcDay(new Date());
  const log = options.log ?? (() => {});
  if ((counts.redemptions > 0 || counts.orders > 0) && counts.users === 0) {
    throw new Error('redemptions and orders need customers: set --users above 0');
  }
  const faker = new Faker({ locale: [id_ID, en, base], seed });
  const inserted: Record<string, number> = {};

  await db.transaction(async (tx) => {
    const eligibleCustomers = await seedCustomers(tx, faker, seed, counts.users, asOf, log, inserted);
    const admin = await seedDemoAdmins(tx, inserted);

    await seedDenominationsAndRedemptions(tx, faker, counts.redemptions, eligibleCustomers, asOf, log, inserted);

    const limitRows = demoLimitHistory.map((gidrlimit, i) => ({
      gidrlimit,
      setByAdminId: admin,
      createdAt: new Date(asOf.getTime() - (demoLimitHistory.length - i) * 45 * dayMs),
    }));
    await tx.insert(redemptionLimits).values(limitRows);
    inserted.redemption_limits = limitRows.length;

    const prices = await seedPrices(tx, faker, counts.prices, asOf, inserted);
    await seedOrders(tx, faker, counts.orders, eligibleCustomers, prices, asOf, log, inserted);
    await seedTransactions(tx, faker, seed, counts.transactions, eligibleCustomers, asOf, log, inserted);
    await seedContactMessages(tx, faker, counts.messages, asOf, inserted);

    await tx.insert(auditLog).values({
      action: 'demo-data.seeded',
      entity: 'database',
      details: { seed, asOf: asOf.toISOString(), inserted },
    });
  });

  const summary = { seed, asOf: asOf.toISOString(), inserted, milliseconds: Date.now() - started };
  log(`demo data: ${Object.entries(inserted).map(([t, n]) => `${n} ${t}`).join(', ')} in ${summary.milliseconds} ms`);
  return summary;
}

interface EligibleCustomer {
  id: number;
  walletAddress: string;
  createdAt: Date;
}

const kycWeights: Array<{ value: EkycStatus; weight: number }> = [
  { value: 'VERIFIED', weight: 60 },
  { value: 'PENDING', weight: 12 },
  { value: 'UNVERIFIED', weight: 23 },
  { value: 'REJECTED', weight: 5 },
];

/** Customers spread over the two years before as-of, with their KYC callbacks; returns the verified ones with a wallet. */
async function seedCustomers(
  tx: Transaction, faker: Faker, seed: number, count: number, asOf: Date,
  log: (m: string) => void, inserted: Record<string, number>,
): Promise<EligibleCustomer[]> {
  const eligible: EligibleCustomer[] = [];
  const span = 730 * dayMs;
  const firstCreated = asOf.getTime() - span;
  const provinceChoices = provinceFacts.map((p) => ({ value: p, weight: p.weight }));
  const emailDomains = ['example.com', 'example.co.id', 'example.net', 'example.org'];
  let notifications = 0;
  let writing: Promise<void> = Promise.resolve();

  for (let chunkStart = 0; chunkStart < count; chunkStart += rowsPerInsert) {
    const rows: Array<typeof customers.$inferInsert> = [];
    const chunkEnd = Math.min(count, chunkStart + rowsPerInsert);
    for (let i = chunkStart; i < chunkEnd; i++) {
      const gender: Gender = faker.datatype.boolean() ? 'MALE' : 'FEMALE';
      const sex = gender === 'MALE' ? 'male' : 'female';
      const fullName = `${faker.person.firstName(sex)} ${faker.person.lastName(sex)}`;
      // The first customers cover every KYC state, so even a tiny demo shows them all.
      const ekycStatus = i < kycWeights.length ? kycWeights[i]!.value : faker.helpers.weightedArrayElement(kycWeights);
      const emailVerified = ekycStatus !== 'UNVERIFIED' || faker.number.int(9) < 6;
      const province = faker.helpers.weightedArrayElement(provinceChoices);
      const dob = faker.date.between({ from: '1958-01-01T00:00:00Z', to: '2007-12-31T00:00:00Z' });
      const createdAt = new Date(firstCreated + Math.floor(((i + faker.number.float()) / count) * span));
      rows.push({
        fullName,
        email: `${slugify(fullName)}.${i + 1}@${faker.helpers.arrayElement(emailDomains)}`,
        emailStatus: emailVerified ? 'VERIFIED' : 'UNVERIFIED',
        dob: isoDate(dob),
        gender,
        province: province.name,
        address: `${faker.location.streetAddress()}, ${faker.location.city()}`,
        nik: demoNik(province.code, dob, gender, i),
        phoneNumber: `+62${faker.helpers.arrayElement(mobilePrefixes)}${faker.string.numeric(faker.number.int({ min: 7, max: 8 }))}`,
        ekycStatus,
        // A wallet is made when the customer confirms the e-mail address.
        walletAddress: emailVerified ? demoWalletAddress(seed, i) : null,
        createdAt,
      });
    }
    // The database writes one chunk while the next is generated (one connection, one statement at a time).
    await writing;
    writing = writeCustomerChunk(rows, chunkEnd);
  }
  await writing;
  inserted.customers = count;
  inserted.kyc_notifications = notifications;
  return eligible;

  async function writeCustomerChunk(rows: Array<typeof customers.$inferInsert>, chunkEnd: number) {
    const ids = await insertByColumns(tx, customers, rows);
    const notificationRows: Array<typeof kycNotifications.$inferInsert> = [];
    rows.forEach((row, j) => {
      const id = ids[j]!;
      const at = new Date(row.createdAt!.getTime() + 3_600_000);
      if (row.ekycStatus === 'VERIFIED') {
        notificationRows.push({ customerId: id, status: 'SUCCESS', referenceNumber: `KYC-${String(id).padStart(9, '0')}`, createdAt: at });
        if (row.walletAddress) eligible.push({ id, walletAddress: row.walletAddress, createdAt: row.createdAt! });
      } else if (row.ekycStatus === 'PENDING') {
        notificationRows.push({ customerId: id, status: 'PENDING', referenceNumber: `KYC-${String(id).padStart(9, '0')}`, createdAt: at });
      } else if (row.ekycStatus === 'REJECTED') {
        notificationRows.push({ customerId: id, status: 'FAILED', referenceNumber: `KYC-${String(id).padStart(9, '0')}`, createdAt: at });
      }
    });
    await insertByColumns(tx, kycNotifications, notificationRows);
    notifications += notificationRows.length;
    if (chunkEnd % 100_000 === 0 || chunkEnd === count) log(`customers: ${chunkEnd} of ${count}`);
  }
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

/** A few colleagues for the admin list. Their password hash is unusable: nobody signs in as them until a real password is set. */
async function seedDemoAdmins(tx: Transaction, inserted: Record<string, number>): Promise<number | null> {
  const rows = [
    { fullName: 'Rina Wulandari', email: 'rina.wulandari@demo.example', phoneNumber: '+6281234500001', status: 'Activated' as const },
    { fullName: 'Agus Setiawan', email: 'agus.setiawan@demo.example', phoneNumber: '+6281234500002', status: 'Activated' as const },
    { fullName: 'Dewi Lestari', email: 'dewi.lestari@demo.example', phoneNumber: '+6281234500003', status: 'Not Activated' as const },
  ].map((row) => ({ ...row, passwordHash: '!unusable' }));
  const created = await tx.insert(admins).values(rows).onConflictDoNothing().returning({ id: admins.id });
  inserted.admins = created.length;
  return created[0]?.id ?? null;
}

const statusWeights: Array<{ value: RedemptionStatus; weight: number }> = [
  { value: 'REQUESTED', weight: 22 },
  { value: 'PREPARATION', weight: 18 },
  { value: 'REDEEMED', weight: 38 },
  { value: 'ON_WEB2', weight: 10 },
  { value: 'REJECTED', weight: 12 },
];

/**
 * Redemptions in every status with their pieces, then the vault stock: each denomination holds
 * every piece ever redeemed plus every piece reserved plus a spare, so available stock is never
 * negative and each open request can be met.
 */
async function seedDenominationsAndRedemptions(
  tx: Transaction, faker: Faker, count: number, eligible: EligibleCustomer[], asOf: Date,
  log: (m: string) => void, inserted: Record<string, number>,
): Promise<void> {
  const currentLimit = demoLimitHistory[demoLimitHistory.length - 1]!;
  const requestable = demoDenominations.filter((d) => d <= currentLimit && !nonRedeemableDenominations.has(d));
  const denominationWeights = requestable.map((denom) => ({ value: denom, weight: Math.max(1, Math.round(300 / denom)) }));
  const redeemed = new Map<number, number>(demoDenominations.map((d) => [d, 0]));
  const reserved = new Map<number, number>(demoDenominations.map((d) => [d, 0]));

  if (count > 0 && eligible.length === 0) throw new Error('redemptions need at least one verified customer with a wallet');

  type Planned = { row: typeof redemptions.$inferInsert; pieces: Array<{ denom: number; amount: number }> };
  let piecesInserted = 0;
  const denominationIds = new Map<number, number>();

  // Denominations first (stock fixed afterwards) so pieces can reference them.
  const denominationRows = await tx
    .insert(goldDenominations)
    .values(demoDenominations.map((denom) => ({
      denom,
      amount: 0,
      redeemable: !nonRedeemableDenominations.has(denom),
      createdAt: new Date(asOf.getTime() - 800 * dayMs),
      updatedAt: new Date(asOf.getTime() - 800 * dayMs),
    })))
    .returning({ id: goldDenominations.id, denom: goldDenominations.denom });
  for (const d of denominationRows) denominationIds.set(d.denom, d.id);

  for (let chunkStart = 0; chunkStart < count; chunkStart += rowsPerInsert) {
    const chunkEnd = Math.min(count, chunkStart + rowsPerInsert);
    const planned: Planned[] = [];
    for (let i = chunkStart; i < chunkEnd; i++) {
      const status = i < statusWeights.length ? statusWeights[i]!.value : faker.helpers.weightedArrayElement(statusWeights);
      const customer = faker.helpers.arrayElement(eligible);
      const open = status === 'REQUESTED' || status === 'PREPARATION';
      // Open requests are recent with a collection ahead; closed ones are older with the collection behind.
      const earliest = Math.max(customer.createdAt.getTime() + dayMs, asOf.getTime() - (open ? 10 : 365) * dayMs);
      const latest = asOf.getTime() - (open ? 3_600_000 : 15 * dayMs);
      const createdAt = new Date(earliest < latest ? faker.number.int({ min: earliest, max: latest }) : latest);
      const appointment = new Date(open
        ? Math.max(createdAt.getTime(), asOf.getTime()) + faker.number.int({ min: 1, max: 14 }) * dayMs
        : createdAt.getTime() + faker.number.int({ min: 2, max: 10 }) * dayMs);

      const kinds = faker.helpers.arrayElements(denominationWeights, { min: 1, max: Math.min(3, requestable.length) });
      const pieces = kinds.map(({ value }) => ({ denom: value, amount: faker.helpers.weightedArrayElement([
        { value: 1, weight: 6 }, { value: 2, weight: 3 }, { value: 3, weight: 1 },
      ]) }));
      const totalGrams = pieces.reduce((sum, p) => sum + p.amount * p.denom, 0);
      const pieceCount = pieces.reduce((sum, p) => sum + p.amount, 0);
      for (const p of pieces) {
        if (status === 'REDEEMED') redeemed.set(p.denom, redeemed.get(p.denom)! + p.amount);
        if (open) reserved.set(p.denom, reserved.get(p.denom)! + p.amount);
      }
      planned.push({
        row: {
          customerId: customer.id,
          status,
          total: `${totalGrams}.00`,
          // Handling fee: 0.10 {product} a piece, kept apart from the total.
          totalFee: hundredthsToDecimal(pieceCount * 10),
          appointmentDate: jakartaDate(appointment),
          timeSlot: faker.helpers.arrayElement(timeSlots),
          rejectReason: status === 'REJECTED' ? faker.helpers.arrayElement(rejectReasons) : null,
          createdAt,
          updatedAt: open ? createdAt : new Date(Math.min(appointment.getTime(), asOf.getTime())),
        },
        pieces,
      });
    }
    const ids = await insertByColumns(tx, redemptions, planned.map((p) => p.row));
    const pieceRows = planned.flatMap((p, j) => p.pieces.map((piece) => ({
      redemptionId: ids[j]!,
      denominationId: denominationIds.get(piece.denom)!,
      amount: piece.amount,
    })));
    await insertByColumns(tx, redemptionPieces, pieceRows);
    piecesInserted += pieceRows.length;
    if (chunkEnd % 100_000 === 0 || chunkEnd === count) log(`redemptions: ${chunkEnd} of ${count}`);
  }

  for (const denom of demoDenominations) {
    // Spare pieces: more of the small ones, a handful of the large ones.
    const spare = faker.number.int({ min: Math.max(5, Math.round(2000 / denom)), max: Math.max(10, Math.round(6000 / denom)) });
    await tx
      .update(goldDenominations)
      .set({ amount: redeemed.get(denom)! + reserved.get(denom)! + spare })
      .where(sql`${goldDenominations.id} = ${denominationIds.get(denom)!}`);
  }
  inserted.gold_denominations = demoDenominations.length;
  inserted.redemptions = count;
  inserted.redemption_pieces = piecesInserted;
}

/** One price a day up to as-of, a random walk around 1.5 million rupiah a gram; the buy-back price is about 6 % lower. */
async function seedPrices(
  tx: Transaction, faker: Faker, count: number, asOf: Date, inserted: Record<string, number>,
): Promise<Array<{ at: number; hargaJual: number }>> {
  const rows: Array<typeof goldPrices.$inferInsert> = [];
  let price = 1_420_000;
  for (let i = 0; i < count; i++) {
    price = Math.max(1_000_000, price + faker.number.int({ min: -12, max: 14 }) * 1000);
    rows.push({
      hargaJual: price,
      hargaBeli: Math.round((price * 0.94) / 1000) * 1000,
      createdAt: new Date(asOf.getTime() - (count - i) * dayMs + 2 * 3_600_000),
    });
  }
  for (let k = 0; k < rows.length; k += rowsPerInsert) await tx.insert(goldPrices).values(rows.slice(k, k + rowsPerInsert));
  inserted.gold_prices = count;
  return rows.map((r) => ({ at: r.createdAt!.getTime(), hargaJual: r.hargaJual }));
}

/** Purchases by verified customers, each at the price of its day. */
async function seedOrders(
  tx: Transaction, faker: Faker, count: number, eligible: EligibleCustomer[],
  prices: Array<{ at: number; hargaJual: number }>, asOf: Date, log: (m: string) => void, inserted: Record<string, number>,
) {
  if (count > 0 && eligible.length === 0) throw new Error('orders need at least one verified customer with a wallet');
  const from = prices.length ? prices[0]!.at : asOf.getTime() - 365 * dayMs;
  for (let chunkStart = 0; chunkStart < count; chunkStart += rowsPerInsert) {
    const chunkEnd = Math.min(count, chunkStart + rowsPerInsert);
    const rows: Array<typeof purchaseOrders.$inferInsert> = [];
    for (let i = chunkStart; i < chunkEnd; i++) {
      const customer = faker.helpers.arrayElement(eligible);
      const at = faker.number.int({ min: Math.max(from, customer.createdAt.getTime()), max: asOf.getTime() - 60_000 });
      const priceOfDay = prices.findLast((p) => p.at <= at)?.hargaJual ?? prices[0]?.hargaJual ?? 1_420_000;
      rows.push({
        customerId: customer.id,
        amount: hundredthsToDecimal(faker.number.int({ min: 10, max: 5000 })),
        priceIdr: priceOfDay,
        createdAt: new Date(at),
      });
    }
    await insertByColumns(tx, purchaseOrders, rows);
    if (chunkEnd % 100_000 === 0 || chunkEnd === count) log(`orders: ${chunkEnd} of ${count}`);
  }
  inserted.purchase_orders = count;
}

/** Token movements: mints to buyers, transfers between customers, burns for redemptions. */
async function seedTransactions(
  tx: Transaction, faker: Faker, seed: number, count: number, eligible: EligibleCustomer[], asOf: Date,
  log: (m: string) => void, inserted: Record<string, number>,
) {
  const from = asOf.getTime() - 365 * dayMs;
  const wallets = eligible.length ? eligible.map((c) => c.walletAddress) : [demoWalletAddress(seed, 0)];
  for (let chunkStart = 0; chunkStart < count; chunkStart += rowsPerInsert) {
    const chunkEnd = Math.min(count, chunkStart + rowsPerInsert);
    const rows: Array<typeof tokenTransactions.$inferInsert> = [];
    for (let i = chunkStart; i < chunkEnd; i++) {
      const type = faker.helpers.weightedArrayElement([
        { value: 'MINT' as const, weight: 5 }, { value: 'TRANSFER' as const, weight: 4 }, { value: 'BURN' as const, weight: 1 },
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
    await insertByColumns(tx, tokenTransactions, rows);
    if (chunkEnd % 100_000 === 0 || chunkEnd === count) log(`transactions: ${chunkEnd} of ${count}`);
  }
  inserted.token_transactions = count;
}

async function seedContactMessages(tx: Transaction, faker: Faker, count: number, asOf: Date, inserted: Record<string, number>) {
  const rows: Array<typeof contactMessages.$inferInsert> = [];
  for (let i = 0; i < count; i++) {
    const fullname = faker.person.fullName();
    rows.push({
      fullname,
      institutionName: faker.number.int(9) < 4 ? faker.company.name() : null,
      message: faker.helpers.arrayElement(contactTopics),
      email: `${slugify(fullname)}.${i + 1}@example.com`,
      phoneNumber: `+62${faker.helpers.arrayElement(mobilePrefixes)}${faker.string.numeric(8)}`,
      createdAt: new Date(asOf.getTime() - faker.number.int({ min: 1, max: 120 * 24 }) * 3_600_000),
    });
  }
  for (let k = 0; k < rows.length; k += rowsPerInsert) await tx.insert(contactMessages).values(rows.slice(k, k + rowsPerInsert));
  inserted.contact_messages = count;
}

/** Tables the generator fills, emptied by `--reset` (admins, sessions and the audit log are kept). */
export async function clearDemoData(db: Database): Promise<void> {
  await db.execute(sql`truncate table
    redemption_pieces, redemption_otps, redemptions, gold_denominations, redemption_limits,
    kyc_notifications, purchase_orders, token_transactions, customers, gold_prices, contact_messages
    restart identity cascade`);
}
