import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { expect, it } from 'vitest';
import { selectRows, type Database } from '../../db/client';
import { executeVaultConfirmation } from '../../modules/vault/vault-ledger.service';
import { approveAtCounter, insertCustomer, insertDenomination, insertEscrowDeposit, insertRedemption } from '../redemption-fixtures';
import { makeCredential, nextCounterDay, platformCall, verifiedCustomer } from '../platform/platform-client';
import { describeEachEngine, insertTestAdmin, signInCookie, testAdmin, type TestApp } from '../test-app';

/**
 * Model-based property test of custody (issue 32, docs/decisions.md "Custody"): random sequences of
 * stock receipts, write-offs, transfers and physical counts proposed by one of two supervisors,
 * confirmed, declined or withdrawn by either (four eyes), reservations made and released at a
 * location (directly, and as customers' requests through the platform API, two at once now and
 * then), hand-overs at the counter, and confirmations whose transaction dies before commit, against
 * the real API and database. After every step the outcome must match a small model and:
 * - the pieces in the vault (every location) are the Denoms List's available, and its stock is
 *   what came in minus what left other than by hand-over;
 * - no location ever holds fewer pieces than its open redemptions reserve there;
 * - every piece is where, and in the state, the model says; nothing moves before its confirmation;
 * - movements only grow, one per piece moved; no confirmation was decided by its maker.
 * PROPERTY_RUNS sets the number of runs (bounded here; `npm run test:properties` runs many more).
 */

const runs = Number(process.env.PROPERTY_RUNS ?? 8);
type Inject = (options: InjectOptions) => Promise<LightMyRequestResponse>;
type Status = 'in_vault' | 'handed_over' | 'written_off' | 'missing';

interface ModelPiece {
  serial: string;
  id: number;
  location: number;
  status: Status;
}
type Proposal =
  | { kind: 'receipt'; location: number; serials: string[] }
  | { kind: 'write_off'; serials: string[] }
  | { kind: 'transfer'; serials: string[]; to: number }
  | { kind: 'count_adjustment'; location: number; missing: string[]; found: string[] }
  /** Above HANDOVER_CONFIRMATION_GRAMS (every run's denomination is): the counter's approve waits for a second admin. */
  | { kind: 'hand_over'; redemptionId: number };
interface Pending {
  id: number;
  maker: number;
  proposal: Proposal;
}
interface Model {
  pieces: ModelPiece[];
  pending: Pending[];
  /** Open (PREPARATION) redemptions of one piece each, by location. */
  reservations: { id: number; location: number; pendingHandOver: boolean }[];
  movements: number;
  /** Stock: pieces received, minus written off and missing, plus found. */
  stock: number;
}
interface Real {
  t: TestApp;
  db: Database;
  denominationId: number;
  denom: number;
  locations: number[];
  /** The two supervisors: index 0 is the default test admin. */
  admins: { id: number; inject: Inject }[];
  /** A platform credential and a verified customer with a wallet, for requests through the platform API. */
  platform: { secret: string; customerId: number };
}

let serialCounter = 0;
const reached: Record<string, number> = {};
const count = (what: string) => (reached[what] = (reached[what] ?? 0) + 1);

const inVaultAt = (m: Readonly<Model>, location: number) => m.pieces.filter((p) => p.status === 'in_vault' && p.location === location);
const reservedAt = (m: Readonly<Model>, location: number) => m.reservations.filter((r) => r.location === location).length;
const piece = (m: Model, serial: string) => m.pieces.find((p) => p.serial === serial)!;

/** Whether a proposal would take effect if confirmed now (what the server re-checks under its locks). */
function applicable(m: Readonly<Model>, proposal: Proposal): boolean {
  const after = m.pieces.map((p) => ({ ...p }));
  const find = (serial: string) => after.find((p) => p.serial === serial)!;
  switch (proposal.kind) {
    case 'receipt':
    case 'hand_over':
      return true;
    case 'write_off':
      if (!proposal.serials.every((s) => find(s).status === 'in_vault')) return false;
      for (const s of proposal.serials) find(s).status = 'written_off';
      break;
    case 'transfer':
      if (!proposal.serials.every((s) => find(s).status === 'in_vault' && find(s).location !== proposal.to)) return false;
      for (const s of proposal.serials) find(s).location = proposal.to;
      break;
    case 'count_adjustment':
      if (!proposal.missing.every((s) => find(s).status === 'in_vault' && find(s).location === proposal.location)) return false;
      if (!proposal.found.every((s) => find(s).status === 'missing' && find(s).location === proposal.location)) return false;
      for (const s of proposal.missing) find(s).status = 'missing';
      for (const s of proposal.found) find(s).status = 'in_vault';
      break;
  }
  return locationsCovered(after, m.reservations);
}

function locationsCovered(pieces: ModelPiece[], reservations: Model['reservations']): boolean {
  const locations = new Set(reservations.map((r) => r.location));
  return [...locations].every(
    (location) =>
      pieces.filter((p) => p.status === 'in_vault' && p.location === location).length >=
      reservations.filter((r) => r.location === location).length,
  );
}

/** Takes effect in the model (the server's confirm did). */
async function apply(m: Model, real: Real, proposal: Proposal): Promise<void> {
  switch (proposal.kind) {
    case 'receipt': {
      const rows = await selectRows<{ id: number; serial: string }>(
        real.db,
        sql`select id, serial from vault_pieces where serial in (${sql.join(
          proposal.serials.map((s) => sql`${s}`),
          sql`, `,
        )})`,
      );
      for (const serial of proposal.serials) {
        m.pieces.push({ serial, id: rows.find((r) => r.serial === serial)!.id, location: proposal.location, status: 'in_vault' });
      }
      m.stock += proposal.serials.length;
      m.movements += proposal.serials.length;
      return;
    }
    case 'write_off':
      for (const s of proposal.serials) piece(m, s).status = 'written_off';
      m.stock -= proposal.serials.length;
      m.movements += proposal.serials.length;
      return;
    case 'transfer':
      for (const s of proposal.serials) piece(m, s).location = proposal.to;
      m.movements += proposal.serials.length;
      return;
    case 'count_adjustment':
      for (const s of proposal.missing) piece(m, s).status = 'missing';
      for (const s of proposal.found) piece(m, s).status = 'in_vault';
      m.stock += proposal.found.length - proposal.missing.length;
      m.movements += proposal.missing.length + proposal.found.length;
      return;
    case 'hand_over': {
      // The lowest-numbered piece in the vault at the redemption's location leaves, for it.
      const index = m.reservations.findIndex((r) => r.id === proposal.redemptionId);
      const reservation = m.reservations[index]!;
      const taken = inVaultAt(m, reservation.location).sort((a, b) => a.id - b.id)[0]!;
      taken.status = 'handed_over';
      m.movements += 1;
      m.reservations.splice(index, 1);
      const [handed] = await selectRows<{ serial: string; status: string }>(
        real.db,
        sql`select serial, (select status from redemptions where id = ${proposal.redemptionId}) as status from vault_pieces where redemption_id = ${proposal.redemptionId}`,
      );
      expect(handed).toEqual({ serial: taken.serial, status: 'REDEEMED' });
      return;
    }
  }
}

async function propose(m: Model, real: Real, maker: number, url: string, payload: object, proposal: Proposal): Promise<void> {
  const response = await real.admins[maker]!.inject({ method: 'POST', url, payload });
  expect(response.statusCode, `${proposal.kind}: ${response.body}`).toBe(202);
  const body = response.json<{ id: number; status: string }>();
  expect(body.status).toBe('pending');
  m.pending.push({ id: body.id, maker, proposal });
  count(`propose ${proposal.kind}`);
}

/** Every step checks the invariants after it acts. */
abstract class Step implements fc.AsyncCommand<Model, Real> {
  abstract check: (m: Readonly<Model>) => boolean;
  abstract act(m: Model, real: Real): Promise<void>;
  async run(m: Model, real: Real) {
    await this.act(m, real);
    await checkInvariants(m, real);
  }
}

class Receive extends Step {
  constructor(
    readonly maker: number,
    readonly location: number,
    readonly pieces: number,
  ) {
    super();
  }
  override check = () => true;
  override async act(m: Model, real: Real) {
    const serials = Array.from({ length: this.pieces }, () => `PT-${process.pid}-${++serialCounter}`);
    const location = real.locations[this.location]!;
    await propose(
      m,
      real,
      this.maker,
      '/api/admin/vault/receipts',
      {
        locationId: location,
        denom: real.denom,
        reference: `DO-${serialCounter}`,
        pieces: serials.map((serial) => ({ serial, refiner: 'Antam', fineness: 999.9 })),
      },
      { kind: 'receipt', location, serials },
    );
  }
  override toString = () => `receive(by ${this.maker}, at ${this.location}, ${this.pieces})`;
}

class Move extends Step {
  constructor(
    readonly kind: 'write_off' | 'transfer',
    readonly maker: number,
    readonly location: number,
    readonly pieces: number,
    readonly to: number,
  ) {
    super();
  }
  override check = () => true;
  override async act(m: Model, real: Real) {
    // From a location holding pieces (the random index picks among those), so runs reach moves.
    const stocked = real.locations.filter((location) => inVaultAt(m, location).length > 0);
    if (stocked.length === 0) return;
    const from = stocked[this.location % stocked.length]!;
    const to = real.locations[this.to]!;
    const chosen = inVaultAt(m, from).slice(0, this.pieces);
    if (chosen.length === 0 || (this.kind === 'transfer' && from === to)) return;
    const pieceIds = chosen.map((p) => p.id);
    const serials = chosen.map((p) => p.serial);
    if (this.kind === 'write_off') {
      await propose(m, real, this.maker, '/api/admin/vault/write-offs', { pieceIds, reason: 'Tergores' }, { kind: 'write_off', serials });
    } else {
      await propose(m, real, this.maker, '/api/admin/vault/transfers', { pieceIds, toLocationId: to }, { kind: 'transfer', serials, to });
    }
  }
  override toString = () =>
    `${this.kind}(by ${this.maker}, at ${this.location}, ${this.pieces}${this.kind === 'transfer' ? ` to ${this.to}` : ''})`;
}

/** A physical count at a location: `uncounted` of its pieces not found on the shelf; every missing piece there turns up again. */
class Count extends Step {
  constructor(
    readonly maker: number,
    readonly location: number,
    readonly uncounted: number,
  ) {
    super();
  }
  override check = () => true;
  override async act(m: Model, real: Real) {
    const location = real.locations[this.location]!;
    const here = inVaultAt(m, location);
    const missing = here.slice(0, Math.min(this.uncounted, here.length)).map((p) => p.serial);
    const found = m.pieces.filter((p) => p.status === 'missing' && p.location === location).map((p) => p.serial);
    const counted = [...here.map((p) => p.serial).filter((s) => !missing.includes(s)), ...found];
    if (missing.length === 0 && found.length === 0) {
      const response = await real.admins[this.maker]!.inject({
        method: 'POST',
        url: '/api/admin/vault/counts',
        payload: { locationId: location, denom: real.denom, countedSerials: counted },
      });
      expect(response.statusCode, response.body).toBe(409);
      count('count matched');
      return;
    }
    await propose(
      m,
      real,
      this.maker,
      '/api/admin/vault/counts',
      { locationId: location, denom: real.denom, countedSerials: counted },
      { kind: 'count_adjustment', location, missing, found },
    );
  }
  override toString = () => `count(by ${this.maker}, at ${this.location}, ${this.uncounted} uncounted)`;
}

class Decide extends Step {
  constructor(
    readonly n: number,
    /** The maker decides (refused but for withdraw) rather than the other supervisor. */
    readonly own: boolean,
    readonly action: 'confirm' | 'decline' | 'withdraw',
  ) {
    super();
  }
  override check = (m: Readonly<Model>) => m.pending.length > 0;
  override async act(m: Model, real: Real) {
    const index = this.n % m.pending.length;
    const pending = m.pending[index]!;
    const own = this.own;
    const by = own ? pending.maker : 1 - pending.maker;
    const payload =
      this.action === 'confirm'
        ? { reauth: { password: testAdmin.password } }
        : this.action === 'decline'
          ? { reauth: { password: testAdmin.password }, reason: 'Tidak sesuai' }
          : undefined;
    const response = await real.admins[by]!.inject({
      method: 'POST',
      url: `/api/admin/confirmations/${pending.id}/${this.action}`,
      ...(payload ? { payload } : {}),
    });
    // Four eyes: the maker may only withdraw, and only the maker may.
    const expected =
      this.action === 'withdraw' ? (own ? 200 : 403) : own ? 403 : this.action === 'decline' || applicable(m, pending.proposal) ? 200 : 409;
    expect(response.statusCode, `${this.action} by ${by} of ${JSON.stringify(pending)}: ${response.body}`).toBe(expected);
    count(`${this.action} ${expected}`);
    if (expected !== 200) return;
    m.pending.splice(index, 1);
    if (pending.proposal.kind === 'hand_over' && this.action !== 'confirm') {
      const redemptionId = pending.proposal.redemptionId;
      m.reservations.find((r) => r.id === redemptionId)!.pendingHandOver = false;
    }
    if (this.action === 'confirm') await apply(m, real, pending.proposal);
  }
  override toString = () => `${this.action}(${this.n}${this.own ? ', by its maker' : ''})`;
}

/** A confirmation's transaction dies before commit (the process is killed): nothing of it may remain. */
class CrashedConfirm extends Step {
  constructor(readonly n: number) {
    super();
  }
  override check = (m: Readonly<Model>) => m.pending.length > 0;
  override async act(m: Model, real: Real) {
    // Stock movements (a hand-over's confirmation runs the counter's approval, crashed in the settlement property test).
    const movements = m.pending.filter((p) => p.proposal.kind !== 'hand_over');
    if (movements.length === 0) return;
    const pending = movements[this.n % movements.length]!;
    const [row] = await selectRows<{ kind: 'receipt'; payload: Record<string, unknown>; maker_id: number }>(
      real.db,
      sql`select kind, payload, maker_id from vault_confirmations where id = ${pending.id}`,
    );
    const crash = new Error('killed before commit');
    const checker = real.admins[pending.maker === 0 ? 1 : 0]!.id;
    await expect(
      real.db.transaction(async (tx) => {
        await tx.execute(
          sql`update vault_confirmations set status = 'confirmed', checker_id = ${checker}, decided_at = now() where id = ${pending.id}`,
        );
        await executeVaultConfirmation(tx, row!.kind, row!.payload, {
          confirmationId: pending.id,
          makerId: row!.maker_id,
          checkerId: checker,
        });
        throw crash;
      }),
    ).rejects.toThrow();
    count('crashed confirm');
  }
  override toString = () => `crashedConfirm(${this.n})`;
}

/** A customer's request at a location reserves a piece there, when one is unreserved (the platform's intake rule). */
class Reserve extends Step {
  constructor(readonly location: number) {
    super();
  }
  override check = () => true;
  override async act(m: Model, real: Real) {
    const open = real.locations.filter((location) => inVaultAt(m, location).length > reservedAt(m, location));
    if (open.length === 0) return;
    const location = open[this.location % open.length]!;
    const customer = await insertCustomer(real.db, 'Rina Wati');
    const id = await insertRedemption(real.db, {
      customerId: customer.id,
      status: 'PREPARATION',
      pieces: [{ denominationId: real.denominationId, denom: real.denom, amount: 1 }],
    });
    await real.db.execute(sql`update redemptions set location_id = ${location} where id = ${id}`);
    m.reservations.push({ id, location, pendingHandOver: false });
    count('reserve');
  }
  override toString = () => `reserve(at ${this.location})`;
}

/**
 * Customers' requests through the platform API at a location: one, or two at once. Each is 201 with a
 * reservation while the model has an unreserved piece there, else 409 naming the stock, and nothing
 * of it is left (the invariants below recount); of two at once, exactly as many as fit succeed.
 */
class PlatformRequest extends Step {
  constructor(
    readonly location: number,
    readonly together: number,
  ) {
    super();
  }
  override check = () => true;
  override async act(m: Model, real: Real) {
    const location = real.locations[this.location]!;
    const free = inVaultAt(m, location).length - reservedAt(m, location);
    const body = {
      customerId: real.platform.customerId,
      pieces: [{ denom: real.denom, amount: 1 }],
      appointmentDate: nextCounterDay(),
      timeSlot: 10,
      fee: '0.05',
      locationId: location,
    };
    const answers = await Promise.all(
      Array.from({ length: this.together }, () => platformCall(real.t, real.platform.secret, 'POST', '/redemptions', body)),
    );
    const placed = answers.filter((answer) => answer.statusCode === 201);
    expect(placed.length, answers.map((answer) => answer.body).join('\n')).toBe(Math.min(this.together, free));
    for (const refused of answers.filter((answer) => answer.statusCode !== 201)) {
      expect(refused.statusCode, refused.body).toBe(409);
      expect(refused.json<{ message: string }>().message).toMatch(/requested, 0 unreserved at/);
    }
    for (const answer of placed) {
      const { id } = answer.json<{ id: number }>();
      // The customer's escrow becomes final and the settlement step moves it to PREPARATION, as the Counter step expects.
      await real.db.execute(sql`update redemptions set status = 'PREPARATION' where id = ${id}`);
      await insertEscrowDeposit(real.db, id);
      m.reservations.push({ id, location, pendingHandOver: false });
    }
    count(`platform request ${placed.length} of ${this.together}`);
  }
  override toString = () => `platformRequest(at ${this.location}, ${this.together} at once)`;
}

/** The counter: reject (the reservation goes) or hand over (the lowest-numbered piece there leaves). */
class Counter extends Step {
  constructor(
    readonly n: number,
    readonly handOver: boolean,
  ) {
    super();
  }
  override check = (m: Readonly<Model>) => m.reservations.length > 0;
  override async act(m: Model, real: Real) {
    const index = this.n % m.reservations.length;
    const reservation = m.reservations[index]!;
    const inject = real.admins[0]!.inject;
    if (reservation.pendingHandOver) {
      // Waiting for the second admin: the counter can neither reject nor hand over again.
      const response = await inject({ method: 'POST', url: '/api/admin/redeem/reject', payload: { id: reservation.id, reason: 'Batal' } });
      expect(response.statusCode, response.body).toBe(409);
      count('reject while pending 409');
      return;
    }
    if (this.handOver) {
      const response = await approveAtCounter(inject, real.db, reservation.id);
      expect(response.statusCode, response.body).toBe(202);
      const body = response.json<{ id: number; kind: string; status: string }>();
      expect(body).toMatchObject({ kind: 'hand_over', status: 'pending' });
      m.pending.push({ id: body.id, maker: 0, proposal: { kind: 'hand_over', redemptionId: reservation.id } });
      reservation.pendingHandOver = true;
      count('propose hand_over');
      return;
    }
    const response = await inject({ method: 'POST', url: '/api/admin/redeem/reject', payload: { id: reservation.id, reason: 'Batal' } });
    expect(response.statusCode, response.body).toBe(200);
    m.reservations.splice(index, 1);
    count('reject');
  }
  override toString = () => `${this.handOver ? 'handOver' : 'reject'}(${this.n})`;
}

async function checkInvariants(m: Model, real: Real): Promise<void> {
  const pieces = await selectRows<{ serial: string; location_id: number; status: Status }>(
    real.db,
    sql`select serial, location_id, status from vault_pieces where denomination_id = ${real.denominationId} order by serial`,
  );
  expect(pieces).toEqual(
    m.pieces
      .map((p) => ({ serial: p.serial, location_id: p.location, status: p.status }))
      .sort((a, b) => (a.serial < b.serial ? -1 : a.serial > b.serial ? 1 : 0)),
  );
  const denoms = await real.admins[0]!.inject({ url: '/api/admin/denoms' });
  const row = denoms
    .json<{ data: { id: number; amount: number; available: number; reserved: number; redeemed: number }[] }>()
    .data.find((d) => d.id === real.denominationId)!;
  const inVault = m.pieces.filter((p) => p.status === 'in_vault').length;
  // The spec's figures: stock (what came in, less what left other than by hand-over), redeemed, available = stock − redeemed.
  expect({ available: row.available, amount: row.amount, redeemed: row.redeemed, reserved: row.reserved }).toEqual({
    available: inVault,
    amount: m.stock,
    redeemed: m.pieces.filter((p) => p.status === 'handed_over').length,
    reserved: m.reservations.length,
  });
  for (const location of real.locations) expect(inVaultAt(m, location).length).toBeGreaterThanOrEqual(reservedAt(m, location));
  // The trigger-kept counts the stock checks read (migration 0032) say the same per location.
  const kept = await selectRows<{ location_id: number; in_vault: number; reserved: number }>(
    real.db,
    sql`select location_id, in_vault, reserved from vault_location_counts where denomination_id = ${real.denominationId}`,
  );
  expect(
    real.locations.map((location) => {
      const row = kept.find((k) => k.location_id === location);
      return { location, inVault: row?.in_vault ?? 0, reserved: row?.reserved ?? 0 };
    }),
  ).toEqual(real.locations.map((location) => ({ location, inVault: inVaultAt(m, location).length, reserved: reservedAt(m, location) })));
  const [ledger] = await selectRows<{ movements: number; pending: number[]; own: number }>(
    real.db,
    sql`select (select count(*)::int from vault_movements where denomination_id = ${real.denominationId}) as movements,
               (select coalesce(array_agg(id order by id), '{}') from vault_confirmations where status = 'pending' and maker_id in (${real.admins[0]!.id}, ${real.admins[1]!.id})) as pending,
               (select count(*)::int from vault_confirmations where checker_id = maker_id) as own`,
  );
  expect(ledger).toEqual({ movements: m.movements, pending: m.pending.map((p) => p.id).sort((a, b) => a - b), own: 0 });
}

describeEachEngine('custody, model-based', (t) => {
  it(`keeps the ledger, the reservations and four eyes over random sequences (${runs} runs)`, async () => {
    const db = t().database.db;
    for (const key of Object.keys(reached)) delete reached[key];
    const locations = [1];
    for (const code of ['PT-02', 'PT-03']) {
      const [row] = await selectRows<{ id: number }>(
        db,
        sql`insert into vault_locations (code, name) values (${code}, ${code}) returning id`,
      );
      locations.push(row!.id);
    }
    const checker = { email: 'checker@example.com', fullName: 'Bayu Pratama', role: 'Supervisor' as const };
    await insertTestAdmin(t().database, checker);
    const checkerCookie = await signInCookie(t().app, { email: checker.email, password: testAdmin.password });
    await t().injectAsAdmin({ url: '/api/account/session' });
    const admins = [
      { email: testAdmin.email, inject: t().injectAsAdmin },
      {
        email: checker.email,
        inject: (o: InjectOptions) => t().app.inject({ ...o, headers: { ...(o.headers ?? {}), cookie: checkerCookie } }),
      },
    ];
    const { secret } = await makeCredential(t(), ['customers', 'kyc', 'redemptions']);
    const platform = { secret, customerId: await verifiedCustomer(t(), secret) };
    const rows = await selectRows<{ id: number; email: string }>(db, sql`select id, email from admins`);
    const adminIds = admins.map((a) => rows.find((r) => r.email === a.email)!);
    let run = 0;
    const receive = fc.tuple(fc.nat(1), fc.nat(2), fc.integer({ min: 1, max: 3 })).map(([a, l, k]) => new Receive(a, l, k));
    // Mostly the other supervisor confirming, so the runs reach what confirmed stock allows.
    const decide = fc
      .tuple(
        fc.nat(),
        fc.nat(5),
        fc.constantFrom('confirm' as const, 'confirm' as const, 'confirm' as const, 'decline' as const, 'withdraw' as const),
      )
      .map(([n, who, action]) => new Decide(n, who === 0, action));
    const commands = [
      receive,
      receive,
      fc
        .tuple(fc.constantFrom('write_off' as const, 'transfer' as const), fc.nat(1), fc.nat(2), fc.integer({ min: 1, max: 2 }), fc.nat(2))
        .map(([kind, a, l, k, to]) => new Move(kind, a, l, k, to)),
      fc.tuple(fc.nat(1), fc.nat(2), fc.nat(2)).map(([a, l, k]) => new Count(a, l, k)),
      decide,
      decide,
      decide,
      fc.nat().map((n) => new CrashedConfirm(n)),
      fc.nat(2).map((l) => new Reserve(l)),
      fc.tuple(fc.nat(2), fc.integer({ min: 1, max: 2 })).map(([l, k]) => new PlatformRequest(l, k)),
      fc.tuple(fc.nat(), fc.boolean()).map(([n, h]) => new Counter(n, h)),
    ];
    await fc.assert(
      fc.asyncProperty(fc.commands(commands, { maxCommands: 30, size: 'max' }), async (cmds) => {
        // Each run on a denomination of its own; what an earlier (failed, shrinking) run left pending is withdrawn by its maker.
        const left = await selectRows<{ id: number; maker_id: number }>(
          db,
          sql`select id, maker_id from vault_confirmations where status = 'pending'`,
        );
        for (const pending of left) {
          const maker = admins[adminIds.findIndex((a) => a.id === pending.maker_id)] ?? admins[0]!;
          await maker.inject({ method: 'POST', url: `/api/admin/confirmations/${pending.id}/withdraw` });
        }
        const denom = 7000 + ++run;
        const denominationId = await insertDenomination(db, denom, 0);
        const real: Real = {
          t: t(),
          db,
          denominationId,
          denom,
          locations,
          admins: admins.map((a, i) => ({ id: adminIds[i]!.id, inject: a.inject })),
          platform,
        };
        const model: Model = { pieces: [], pending: [], reservations: [], movements: 0, stock: 0 };
        // Opening stock, received and confirmed at every location, so the random steps start with pieces to move.
        for (let l = 0; l < locations.length; l++) {
          await new Receive(0, l, 3).act(model, real);
          await new Decide(model.pending.length - 1, false, 'confirm').act(model, real);
        }
        await checkInvariants(model, real);
        await fc.asyncModelRun(() => ({ model, real }), cmds);
      }),
      { numRuns: runs, seed: Number(process.env.PROPERTY_SEED ?? 20261127), endOnFailure: true },
    );
    console.log(`custody properties on ${t().engine}: ${JSON.stringify(reached)}`);
    expect(reached['confirm 200'] ?? 0).toBeGreaterThan(0);
  }, 600_000);
});
