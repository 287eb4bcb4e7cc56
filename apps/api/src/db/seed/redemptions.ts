import { sql } from 'drizzle-orm';
import { isOpenRedemption, type RedemptionStatus } from '@gold/contract';
import { goldDenominations, redemptionLimits, redemptionPieces, redemptions } from '../schema';
import { insertByColumns } from './bulk-insert';
import { chunks, dayMs, hourMs, hundredthsToDecimal, jakartaDate, logProgress, type SeedContext } from './context';
import type { Buyer } from './customers';
import { rejectReasons } from './indonesia';

/** Vault denominations in grams; 50 g pieces are stocked but not offered for redemption. */
const demoDenominations = [5, 10, 25, 50, 100, 250, 500, 1000] as const;
const nonRedeemableDenominations = new Set<number>([50]);
/** Limit history, oldest first; the last is current and caps the pieces customers asked for. */
export const demoLimitHistory = [100, 500, 250] as const;
/** Collection windows start at these hours (WIB), two hours each, during opening hours. */
const timeSlots = [8, 10, 12, 14] as const;

const statusWeights: Array<{ value: RedemptionStatus; weight: number }> = [
  { value: 'REQUESTED', weight: 22 },
  { value: 'PREPARATION', weight: 18 },
  { value: 'REDEEMED', weight: 38 },
  { value: 'ON_WEB2', weight: 10 },
  { value: 'REJECTED', weight: 12 },
];

const currentLimit = demoLimitHistory[demoLimitHistory.length - 1]!;
/** What customers may ask for: redeemable pieces within the current limit, small ones more often. */
const requestable = demoDenominations.filter((d) => d <= currentLimit && !nonRedeemableDenominations.has(d));
const denominationWeights = requestable.map((denom) => ({ value: denom, weight: Math.max(1, Math.round(300 / denom)) }));

type Pieces = Array<{ denom: number; amount: number }>;
/** Pieces per denomination that the vault must hold: handed over (REDEEMED) and reserved by open requests. */
type Demand = Record<'redeemed' | 'reserved', Map<number, number>>;

/**
 * Redemptions in every status with their pieces, then the vault stock: each denomination holds
 * every piece ever redeemed plus every piece reserved plus a spare, so available stock is never
 * negative and each open request can be met.
 */
export async function seedRedemptions(context: SeedContext, count: number, buyers: Buyer[]): Promise<void> {
  if (count > 0 && buyers.length === 0) throw new Error('redemptions need at least one verified customer with a wallet');
  const denominationIds = await insertEmptyDenominations(context);
  const demand: Demand = {
    redeemed: new Map(demoDenominations.map((d) => [d, 0])),
    reserved: new Map(demoDenominations.map((d) => [d, 0])),
  };
  let piecesInserted = 0;
  for (const { start, end } of chunks(count)) {
    const planned: Array<{ row: typeof redemptions.$inferInsert; pieces: Pieces }> = [];
    for (let i = start; i < end; i++) {
      const redemption = planRedemption(context, i, buyers);
      const open = isOpenRedemption(redemption.row.status!);
      for (const p of redemption.pieces) {
        if (redemption.row.status === 'REDEEMED') demand.redeemed.set(p.denom, demand.redeemed.get(p.denom)! + p.amount);
        if (open) demand.reserved.set(p.denom, demand.reserved.get(p.denom)! + p.amount);
      }
      planned.push(redemption);
    }
    const ids = await insertByColumns(
      context.tx,
      redemptions,
      planned.map((p) => p.row),
    );
    const pieceRows = planned.flatMap((p, j) =>
      p.pieces.map((piece) => ({ redemptionId: ids[j]!, denominationId: denominationIds.get(piece.denom)!, amount: piece.amount })),
    );
    await insertByColumns(context.tx, redemptionPieces, pieceRows);
    piecesInserted += pieceRows.length;
    logProgress(context, 'redemptions', end, count);
  }
  await stockDenominations(context, denominationIds, demand);
  context.inserted.gold_denominations = demoDenominations.length;
  context.inserted.redemptions = count;
  context.inserted.redemption_pieces = piecesInserted;
}

/** Denominations go in first, with no stock, so pieces can reference them; the stock follows from the pieces. */
async function insertEmptyDenominations({ tx, asOf }: SeedContext): Promise<Map<number, number>> {
  const rows = await tx
    .insert(goldDenominations)
    .values(
      demoDenominations.map((denom) => ({
        denom,
        amount: 0,
        redeemable: !nonRedeemableDenominations.has(denom),
        createdAt: new Date(asOf.getTime() - 800 * dayMs),
        updatedAt: new Date(asOf.getTime() - 800 * dayMs),
      })),
    )
    .returning({ id: goldDenominations.id, denom: goldDenominations.denom });
  return new Map(rows.map((d) => [d.denom, d.id]));
}

/** The redemption at `index`: the first five cover every status, so even a tiny demo shows them all. */
function planRedemption({ faker, asOf }: SeedContext, index: number, buyers: Buyer[]) {
  const status = index < statusWeights.length ? statusWeights[index]!.value : faker.helpers.weightedArrayElement(statusWeights);
  const customer = faker.helpers.arrayElement(buyers);
  const open = isOpenRedemption(status);
  // Open requests are recent with a collection ahead; closed ones are older with the collection behind.
  const earliest = Math.max(customer.createdAt.getTime() + dayMs, asOf.getTime() - (open ? 10 : 365) * dayMs);
  const latest = asOf.getTime() - (open ? hourMs : 15 * dayMs);
  const createdAt = new Date(earliest < latest ? faker.number.int({ min: earliest, max: latest }) : latest);
  const appointment = new Date(
    open
      ? Math.max(createdAt.getTime(), asOf.getTime()) + faker.number.int({ min: 1, max: 14 }) * dayMs
      : createdAt.getTime() + faker.number.int({ min: 2, max: 10 }) * dayMs,
  );

  const kinds = faker.helpers.arrayElements(denominationWeights, { min: 1, max: Math.min(3, requestable.length) });
  const pieces: Pieces = kinds.map(({ value }) => ({
    denom: value,
    amount: faker.helpers.weightedArrayElement([
      { value: 1, weight: 6 },
      { value: 2, weight: 3 },
      { value: 3, weight: 1 },
    ]),
  }));
  const totalGrams = pieces.reduce((sum, p) => sum + p.amount * p.denom, 0);
  const pieceCount = pieces.reduce((sum, p) => sum + p.amount, 0);
  const row: typeof redemptions.$inferInsert = {
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
  };
  return { row, pieces };
}

/** Stock = pieces redeemed + pieces reserved + spare pieces: more of the small ones, a handful of the large ones. */
async function stockDenominations({ tx, faker }: SeedContext, denominationIds: Map<number, number>, demand: Demand): Promise<void> {
  for (const denom of demoDenominations) {
    const spare = faker.number.int({ min: Math.max(5, Math.round(2000 / denom)), max: Math.max(10, Math.round(6000 / denom)) });
    await tx
      .update(goldDenominations)
      .set({ amount: demand.redeemed.get(denom)! + demand.reserved.get(denom)! + spare })
      .where(sql`${goldDenominations.id} = ${denominationIds.get(denom)!}`);
  }
}

/** The limit history, one change every 45 days up to as-of, set by a demo colleague. */
export async function seedRedemptionLimits({ tx, asOf, inserted }: SeedContext, adminId: number | null): Promise<void> {
  const rows = demoLimitHistory.map((gidrlimit, i) => ({
    gidrlimit,
    setByAdminId: adminId,
    createdAt: new Date(asOf.getTime() - (demoLimitHistory.length - i) * 45 * dayMs),
  }));
  await tx.insert(redemptionLimits).values(rows);
  inserted.redemption_limits = rows.length;
}
