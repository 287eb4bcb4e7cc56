import { Faker, base } from '@faker-js/faker';
import { sql } from 'drizzle-orm';
import { openRedemptionStatuses } from '@gold/contract';
import { selectRows } from '../client';
import { vaultConfirmations, vaultPieces } from '../schema';
import { dayMs, type SeedContext } from './context';

/** The demo's branches besides JKT-01 (made by migration 0029). */
const demoLocations = [
  { code: 'JKT-02', name: 'Jakarta Kelapa Gading branch' },
  { code: 'SBY-01', name: 'Surabaya branch vault' },
] as const;

/** Where open redemptions are collected and where the spare pieces sit: JKT-01 most, then JKT-02, then SBY-01. */
const locationWeights = [60, 25, 15] as const;

const refiners = [
  { refiner: 'Antam', weight: 7, reference: 'DO-ANTAM-2026' },
  { refiner: 'UBS', weight: 3, reference: 'UBS-CERT-2026' },
] as const;

const piecesPerInsert = 5000;

/**
 * The vault ledger of the demo: every piece in the vault (stock − REDEEMED pieces, the seeded
 * Denoms List unchanged) gets a serial from its refiner, at one of three locations; open
 * redemptions are spread over the locations and each location holds at least the pieces its open
 * redemptions reserve. Each piece has an 'opening' movement (stock already counted). One receipt
 * waits for a second admin, so the pending list shows the four-eyes flow. Its own faker (seed + 30):
 * the shared one's sequence, and so every other step's data, is unchanged.
 */
export async function seedVault({ tx, seed, asOf, inserted }: SeedContext): Promise<void> {
  const faker = new Faker({ locale: [base], seed: seed + 30 });
  await tx.execute(
    sql`insert into vault_locations (code, name) values ${sql.join(
      demoLocations.map((l) => sql`(${l.code}, ${l.name})`),
      sql`, `,
    )} on conflict (code) do nothing`,
  );
  const locations = await selectRows<{ id: number; code: string }>(
    tx,
    sql`select id, code from vault_locations where code in ('JKT-01', 'JKT-02', 'SBY-01') order by code`,
  );
  const locationIds = ['JKT-01', 'JKT-02', 'SBY-01'].map((code) => locations.find((l) => l.code === code)!.id);
  const weighted = locationIds.map((value, i) => ({ value, weight: locationWeights[i]! }));

  // Open redemptions collected at the branches.
  const open = await selectRows<{ id: number }>(
    tx,
    sql`select id from redemptions where status in (${sql.join(
      openRedemptionStatuses.map((s) => sql`${s}`),
      sql`, `,
    )}) order by id`,
  );
  const collectedAt = new Map<number, number[]>();
  for (const r of open) {
    const locationId = faker.helpers.weightedArrayElement(weighted);
    collectedAt.set(locationId, [...(collectedAt.get(locationId) ?? []), r.id]);
  }
  for (const locationId of locationIds.slice(1)) {
    const ids = collectedAt.get(locationId) ?? [];
    if (ids.length === 0) continue;
    await tx.execute(
      sql`update redemptions set location_id = ${locationId} where id in (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )})`,
    );
  }

  // Per denomination: the pieces in the vault, those reserved at each location, the spare spread.
  const stock = await selectRows<{ id: number; denom: number; inVault: number }>(
    tx,
    sql`select d.id, d.denom, (d.amount - coalesce(k.pieces, 0))::int as "inVault"
          from gold_denominations d left join denomination_piece_counts k on k.denomination_id = d.id and k.status = 'REDEEMED'
         order by d.denom`,
  );
  const reserved = await selectRows<{ denominationId: number; locationId: number; pieces: number }>(
    tx,
    sql`select rp.denomination_id as "denominationId", r.location_id as "locationId", sum(rp.amount)::int as pieces
          from redemptions r join redemption_pieces rp on rp.redemption_id = r.id
         where r.status in (${sql.join(
           openRedemptionStatuses.map((s) => sql`${s}`),
           sql`, `,
         )}) group by 1, 2`,
  );
  let serial = 0;
  const rows: (typeof vaultPieces.$inferInsert)[] = [];
  for (const denomination of stock) {
    const here = locationIds.map(
      (locationId) => reserved.find((r) => r.denominationId === denomination.id && r.locationId === locationId)?.pieces ?? 0,
    );
    const spare = denomination.inVault - here.reduce((a, b) => a + b, 0);
    if (spare < 0) throw new Error(`demo vault: ${denomination.denom} g has fewer pieces than its open redemptions reserve`);
    const perLocation = here.map((n, i) => n + Math.floor((spare * locationWeights[i]!) / 100));
    perLocation[0]! += denomination.inVault - perLocation.reduce((a, b) => a + b, 0);
    perLocation.forEach((count, i) => {
      for (let n = 0; n < count; n++) {
        const maker = faker.helpers.weightedArrayElement(refiners.map((r) => ({ value: r, weight: r.weight })));
        serial += 1;
        const number = String(100000 + serial).padStart(6, '0');
        rows.push({
          serial: maker.refiner === 'Antam' ? `${faker.string.alpha({ length: 3, casing: 'upper' })}${number}` : `UBS${number}`,
          refiner: maker.refiner,
          fineness: '999.9',
          denominationId: denomination.id,
          locationId: locationIds[i]!,
          receiptReference: `${maker.reference}-${String(faker.number.int({ min: 1, max: 240 })).padStart(4, '0')}`,
          receivedAt: new Date(asOf.getTime() - faker.number.int({ min: 20, max: 700 }) * dayMs),
        });
      }
    });
  }
  for (let start = 0; start < rows.length; start += piecesPerInsert) {
    await tx.insert(vaultPieces).values(rows.slice(start, start + piecesPerInsert));
  }
  // The stock counted them already: opening movements move no stock.
  await tx.execute(
    sql`insert into vault_movements (kind, piece_id, denomination_id, to_location_id, note, created_at)
        select 'opening', id, denomination_id, location_id, 'Demo opening balance', received_at from vault_pieces order by id`,
  );

  // A receipt at JKT-02 waiting for a second admin, proposed by a demo colleague.
  const [maker] = await selectRows<{ id: number }>(tx, sql`select id from admins where email = 'rina.wulandari@demo.example'`);
  const [ten] = await selectRows<{ id: number }>(tx, sql`select id from gold_denominations where denom = 10`);
  if (maker && ten) {
    const pieces = Array.from({ length: 5 }, (_, i) => ({
      serial: `UBS9${String(i + 1).padStart(5, '0')}`,
      refiner: 'UBS',
      fineness: 999.9,
    }));
    await tx.insert(vaultConfirmations).values({
      kind: 'receipt',
      makerId: maker.id,
      summary: 'Receipt of 5 × 10 g at JKT-02 (UBS-CERT-2026-0241)',
      payload: { locationId: locationIds[1]!, denom: 10, denominationId: ten.id, reference: 'UBS-CERT-2026-0241', pieces },
      locationId: locationIds[1]!,
      grams: 50,
      pieceCount: 5,
      createdAt: new Date(asOf.getTime() - 2 * 3_600_000),
    });
  }
  inserted.vault_pieces = rows.length;
}
