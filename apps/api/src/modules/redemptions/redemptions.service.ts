import type { FastifyBaseLogger } from 'fastify';
import {
  allowedRedemptionActions,
  isOpenRedemption,
  redemptionLifecycle,
  redemptionRefusal,
  type CheckOtpResponse,
  type Confirmation,
  type CounterState,
  type IdentityCheckBody,
  type RedemptionAction,
  type RedemptionDetail,
  type RedemptionStatusChange,
  type SendOtpResponse,
} from '@gold/contract';
import type { Database, Executor } from '../../db/client';
import { badRequest, conflict, forbidden, notFound, serviceUnavailable, tooManyRequests } from '../../lib/http-errors';
import { recordAudit } from '../audit/audit.repository';
import { pendingConfirmationFor, proposeConfirmation } from '../confirmations';
import { publishEvent } from '../live-updates/live-updates.repository';
import { MailNotSent, type Mailer, type OutgoingMail } from '../mail/mailer';
import { lockHeldDeposit } from '../settlement/escrow.repository';
import type { SettlementAddresses } from '../settlement/settlement-addresses';
import { queueHandOverSettlement, queueRefundOnRejection } from '../settlement/settlement.service';
import { lockDenominationsOf } from '../vault/vault.repository';
import { redemptionLinesAtLocation, unreservedAtLocation } from '../vault/vault-ledger';
import { lockStockForHandOver } from '../vault/vault.service';
import { counterLocationOf, counterRoleOf, currentIdentityCheck, recordIdentityCheck, redemptionLocation } from './counter.repository';
import { announceHandOver, handOver, requireCounterChecks } from './hand-over';
import { hashOtp, newOtpCode, otpMatches, otpPolicy } from './otp-codes';
import {
  clearOtp,
  countWrongCode,
  findOtp,
  findPieces,
  findRedemption,
  lockRedemption,
  markVerified,
  restoreCode,
  setStatus,
  storeNewCode,
  type LockedRedemption,
} from './redemptions.repository';

/** What a lifecycle action needs: the database, the mail transport, the code key, who acts, where to log. */
export interface LifecycleContext {
  db: Database;
  mailer: Mailer;
  otpKey: Buffer;
  adminId: number;
  /** The request's client address, for the audit log. */
  ipAddress?: string | null;
  log: FastifyBaseLogger;
  /** Where escrowed tokens sit and the fee goes; undefined: no settlement configured (nothing can be handed over). */
  settlement?: SettlementAddresses;
  /** A hand-over of more grams than this waits for a second admin (HANDOVER_CONFIRMATION_GRAMS). */
  handOverConfirmationGrams: number;
}

const audited = <A extends string>(action: A) => `redemption.${action}` as const;

/**
 * The Redemption entity as GET /admin/redeem/{id} answers it, read in one snapshot; its
 * `allowedActions` are what the server would accept from `viewerId` now.
 */
export async function getRedemption(db: Database, id: number, viewerId: number): Promise<RedemptionDetail> {
  return db.transaction((tx) => readRedemption(tx, id, viewerId), { isolationLevel: 'repeatable read', accessMode: 'read only' });
}

/** The entity as `executor` sees it: a snapshot of its own, or what an action's transaction has just written. */
async function readRedemption(executor: Executor, id: number, viewerId: number): Promise<RedemptionDetail> {
  const row = await findRedemption(executor, id);
  if (!row) throw notFound(`Redemption ${id} not found`);
  const [pieces, identityCheck, location, pending, viewer] = [
    await findPieces(executor, id),
    await currentIdentityCheck(executor, id),
    await redemptionLocation(executor, id),
    await pendingConfirmationFor(executor, id),
    await counterRoleOf(executor, viewerId),
  ];
  const { otp, ...redemption } = row;
  const verified = otp.verifiedUntil !== null && isOpenRedemption(row.status);
  const counter: CounterState = {
    identityChecked: identityCheck !== null,
    kycVerified: row.user.ekycStatus === 'VERIFIED',
    handOverPending: pending !== null,
    atOwnLocation: viewer.mayServe && (viewer.location === null || viewer.location.id === location!.id),
  };
  return {
    ...redemption,
    physicalGoldRedeems: pieces,
    otpStatus: {
      verified,
      verifiedUntil: verified ? otp.verifiedUntil : null,
      codeExpiresAt: otp.codeExpiresAt,
      attemptsLeft: otp.codeExpiresAt ? otpPolicy.maxWrongTries - otp.failedAttempts : 0,
      nextSendAt: otp.nextSendAt,
    },
    identityCheck: identityCheck && {
      documentType: identityCheck.documentType,
      last4: identityCheck.last4,
      checkedAt: identityCheck.checkedAt,
      checkedBy: identityCheck.checkedBy,
    },
    location: location!,
    pendingConfirmation: pending && { id: pending.id, createdAt: pending.createdAt, maker: pending.maker },
    allowedActions: allowedRedemptionActions(row.status, verified, counter),
  };
}

/**
 * Locks the redemption and refuses the action unless this admin may do it here and now: 404 for an
 * unknown id; 403 for a teller of another location (only the location's own counter hands over
 * its gold); 409 naming the status when the lifecycle refuses it, or naming the confirmation when
 * a hand-over waits for a second admin and the action would change what is being confirmed.
 */
async function lockFor(tx: Executor, action: RedemptionAction, id: number, adminId: number): Promise<LockedRedemption> {
  const redemption = await lockRedemption(tx, id);
  if (!redemption) throw notFound(`Redemption ${id} not found`);
  const counter = await counterLocationOf(tx, adminId);
  if (counter && counter.id !== redemption.locationId) {
    const location = await redemptionLocation(tx, id);
    throw forbidden(
      `Redemption ${id} is collected at ${location!.code} (${location!.name}); you serve the counter at ${counter.code} only`,
    );
  }
  const refusal = redemptionRefusal(action, redemption.status);
  if (refusal) throw conflict(refusal);
  if (redemptionLifecycle[action].blockedByPendingHandOver) {
    const pending = await pendingConfirmationFor(tx, id);
    if (pending) {
      const verb = redemptionLifecycle[action].verb;
      throw conflict(
        `Cannot ${verb} redemption ${id}: its hand-over waits for a second admin (confirmation ${pending.id}, proposed by ${pending.maker.fullName}); it must be confirmed, declined or withdrawn first`,
      );
    }
  }
  return redemption;
}

/**
 * prepare, reject and reset: one transaction that locks the redemption, checks the lifecycle,
 * settles the tokens (prepare, a hand-over off-platform, queues the burn and the fee's move; a
 * rejection the escrow's refund), changes the status, ends any code, and writes the audit log. A
 * refusal throws inside it: nothing changes. Locks are taken redemption, customer, denominations,
 * deposit: the order the settlement step also follows.
 */
export async function changeStatus(
  ctx: LifecycleContext,
  action: Exclude<RedemptionStatusChange, 'approve'>,
  id: number,
  reason?: string,
): Promise<RedemptionDetail> {
  return ctx.db.transaction(async (tx) => {
    const redemption = await lockFor(tx, action, id, ctx.adminId);
    let details: Record<string, unknown> | undefined;
    if (action === 'prepare') {
      const queued = await queueHandOverSettlement(tx, id, ctx.settlement, ctx.adminId);
      details = { burnId: queued.burnId, feeId: queued.feeId, escrowTxHash: queued.escrowTxhash };
    }
    if (action === 'reset') await requireUnreservedForReset(tx, id, redemption.locationId);
    if (action === 'reject') {
      const refundId = await queueRefundOnRejection(tx, id, ctx.adminId);
      details = { reason, ...(refundId ? { refundId } : {}) };
    }
    const to = redemptionLifecycle[action].to!;
    await setStatus(tx, id, to, action === 'reject' ? reason! : null);
    await clearOtp(tx, id);
    await recordAudit(tx, {
      adminId: ctx.adminId,
      ipAddress: ctx.ipAddress ?? null,
      action: audited(action),
      entity: 'redemption',
      entityId: id,
      fromState: redemption.status,
      toState: to,
      details,
    });
    // The answer is read in the action's own transaction (before the events, whose lock comes last): read afterwards on
    // another connection, a busy pool could fail it and tell the operator an action that committed had failed.
    const answer = await readRedemption(tx, id, ctx.adminId);
    await publishEvent(tx, { type: 'redemption.changed', redemptionId: id, status: to });
    if (details && ('burnId' in details || 'refundId' in details)) await publishEvent(tx, { type: 'settlement.changed', redemptionId: id });
    return answer;
  });
}

/**
 * A reset asks for the pieces again: like a new request, they must be unreserved at the
 * redemption's location (with the denominations locked, as a request and a hand-over take them),
 * or a location would promise more pieces than it holds.
 */
async function requireUnreservedForReset(tx: Executor, id: number, locationId: number): Promise<void> {
  await lockDenominationsOf(tx, id);
  const lines = await redemptionLinesAtLocation(tx, id);
  const unreserved = await unreservedAtLocation(
    tx,
    locationId,
    lines.map((line) => line.denominationId),
  );
  const short = lines.filter((line) => (unreserved.get(line.denominationId) ?? 0) < line.requested);
  if (short.length > 0) {
    const lacking = short
      .map((line) => `${line.denom} g (${line.requested} requested, ${Math.max(0, unreserved.get(line.denominationId) ?? 0)} unreserved)`)
      .join(', ');
    throw conflict(`Cannot reset redemption ${id}: not enough unreserved pieces at ${short[0]!.locationCode}: ${lacking}`);
  }
}

export type ApproveOutcome = { kind: 'handed-over'; redemption: RedemptionDetail } | { kind: 'pending'; confirmation: Confirmation };

/**
 * Approve at the counter, one transaction. Needs PREPARATION (the tokens in escrow at final
 * depth), a code checked in the last 10 minutes, the customer's eKYC VERIFIED, the document
 * checked at the counter and no hand-over already waiting. Then, at or under
 * HANDOVER_CONFIRMATION_GRAMS, the gold is handed over (`handOver`). Above it nothing is handed
 * over: the stock and escrow are checked (so the teller hears now what would refuse it), the
 * hand-over is proposed for a second admin (the code is used up by the proposal, whose audit
 * entry records it), and the redemption stays PREPARATION until `confirmHandOver`.
 */
export async function approve(ctx: LifecycleContext, id: number): Promise<ApproveOutcome> {
  return ctx.db.transaction(async (tx): Promise<ApproveOutcome> => {
    const redemption = await lockFor(tx, 'approve', id, ctx.adminId);
    const otp = await findOtp(tx, id);
    if (!otp?.verified) {
      throw conflict('Cannot approve: no one-time code has been checked for this redemption in the last 10 minutes');
    }
    const identityCheckId = await requireCounterChecks(tx, id, 'approve');
    if (redemption.grams <= ctx.handOverConfirmationGrams) {
      await handOver(tx, {
        redemptionId: id,
        from: 'PREPARATION',
        approverId: ctx.adminId,
        checkerId: null,
        confirmationId: null,
        identityCheckId,
        ipAddress: ctx.ipAddress ?? null,
        settlement: ctx.settlement,
      });
      const answer = await readRedemption(tx, id, ctx.adminId);
      await announceHandOver(tx, id);
      return { kind: 'handed-over', redemption: answer };
    }
    // Refused now rather than at the confirmation: the pieces and the escrow as they stand.
    const lines = await lockStockForHandOver(tx, id);
    const deposit = await lockHeldDeposit(tx, id);
    if (!deposit?.final) {
      throw conflict(`Cannot approve: no final escrow deposit of the customer's tokens is held for redemption ${id}`);
    }
    const identity = await currentIdentityCheck(tx, id);
    const confirmation = await proposeConfirmation(
      tx,
      {
        kind: 'hand_over',
        makerId: ctx.adminId,
        redemptionId: id,
        locationId: redemption.locationId,
        grams: redemption.grams,
        pieceCount: lines.reduce((sum, l) => sum + l.requested, 0),
        payload: {
          redemptionId: id,
          customer: redemption.fullName,
          pieces: lines.map((l) => ({ denom: l.denom, amount: l.requested })),
          identityCheck: identity && { documentType: identity.documentType, last4: identity.last4, checkedAt: identity.checkedAt },
        },
        summary: `Hand-over of ${redemption.grams} g for redemption ${id} (${redemption.fullName})`,
        ipAddress: ctx.ipAddress ?? null,
      },
      { announce: true },
    );
    // The code was checked for this proposal: a new proposal (after a decline) needs a new one.
    await clearOtp(tx, id);
    await recordAudit(tx, {
      adminId: ctx.adminId,
      ipAddress: ctx.ipAddress ?? null,
      action: audited('hand-over-proposed'),
      entity: 'redemption',
      entityId: id,
      fromState: redemption.status,
      toState: redemption.status,
      details: { confirmationId: confirmation.id, grams: redemption.grams, identityCheckId },
    });
    await publishEvent(tx, { type: 'redemption.changed', redemptionId: id, status: redemption.status });
    return { kind: 'pending', confirmation };
  });
}

/**
 * The teller records the identity document looked at (type, last 4 characters): appended, under
 * the redemption's lock, audited (the last 4 are in the entry: the same the receipt prints).
 */
export async function recordIdentity(ctx: LifecycleContext, id: number, check: IdentityCheckBody): Promise<RedemptionDetail> {
  return ctx.db.transaction(async (tx) => {
    const redemption = await lockFor(tx, 'identity-check', id, ctx.adminId);
    await recordIdentityCheck(tx, id, ctx.adminId, check);
    await recordAudit(tx, {
      adminId: ctx.adminId,
      ipAddress: ctx.ipAddress ?? null,
      action: audited('identity-check'),
      entity: 'redemption',
      entityId: id,
      fromState: redemption.status,
      toState: redemption.status,
      details: { documentType: check.documentType, last4: check.last4 },
    });
    const answer = await readRedemption(tx, id, ctx.adminId);
    await publishEvent(tx, { type: 'redemption.changed', redemptionId: id, status: redemption.status });
    return answer;
  });
}

/**
 * A new code for the customer, by e-mail. The hash is stored (and the previous state kept)
 * in a short transaction, the mail goes out after it (no lock held while the mail server
 * answers), and if the mail fails the stored code is rolled back to what was there before:
 * no code counts as sent that the customer never got.
 */
export async function sendOtp(ctx: LifecycleContext, id: number): Promise<SendOtpResponse> {
  const code = newOtpCode();
  const codeHash = hashOtp(ctx.otpKey, id, code);
  const stored = await ctx.db.transaction(async (tx) => {
    const redemption = await lockFor(tx, 'sendotp', id, ctx.adminId);
    // After the checks of who may act on it (a teller elsewhere hears 403, not this).
    if (!ctx.mailer.configured) {
      throw serviceUnavailable('Cannot send the code: e-mail delivery is not configured on this server (SMTP_URL)', 60);
    }
    const previous = await findOtp(tx, id);
    const waitSeconds = previous?.resendInSeconds ?? 0;
    if (waitSeconds > 0) return { kind: 'too-soon', waitSeconds: Math.ceil(waitSeconds) } as const;
    return { kind: 'stored', redemption, previous, ...(await storeNewCode(tx, id, codeHash)) } as const;
  });
  if (stored.kind === 'too-soon') {
    const wait = stored.waitSeconds;
    throw tooManyRequests(`A code was sent less than ${otpPolicy.resendSeconds} seconds ago: wait ${wait} s before sending another`, wait);
  }
  const { redemption, previous, sentAt, expiresAt } = stored;
  try {
    await ctx.mailer.send(otpMail(redemption, code));
  } catch (error) {
    if (!(error instanceof MailNotSent)) throw error;
    await ctx.db.transaction(async (tx) => {
      await lockRedemption(tx, id);
      await restoreCode(tx, id, codeHash, previous);
    });
    ctx.log.warn({ redemptionId: id, reason: error.reason }, 'one-time code not e-mailed');
    throw serviceUnavailable('Cannot send the code: the mail server did not accept the e-mail. No code was sent; try again.', 30);
  }
  await recordAudit(ctx.db, {
    adminId: ctx.adminId,
    ipAddress: ctx.ipAddress ?? null,
    action: audited('otp-sent'),
    entity: 'redemption',
    entityId: id,
    fromState: redemption.status,
    toState: redemption.status,
    details: { to: maskEmail(redemption.email) },
  });
  return {
    sentTo: maskEmail(redemption.email),
    expiresAt,
    nextSendAt: new Date(Date.parse(sentAt) + otpPolicy.resendSeconds * 1000).toISOString(),
  };
}

type CheckOutcome =
  { kind: 'no-code' | 'out-of-tries' | 'expired' } | { kind: 'wrong'; triesLeft: number } | { kind: 'verified'; verifiedUntil: string };

/**
 * Checks the code in constant time. A wrong code is counted (and audited) in the database
 * before the refusal is answered, so tries survive restarts and several API processes.
 */
export async function checkOtp(ctx: LifecycleContext, id: number, code: string): Promise<CheckOtpResponse> {
  const outcome = await ctx.db.transaction(async (tx): Promise<CheckOutcome> => {
    const redemption = await lockFor(tx, 'checkotp', id, ctx.adminId);
    const otp = await findOtp(tx, id);
    if (!otp?.codeHash) return { kind: 'no-code' };
    if (otp.failedAttempts >= otpPolicy.maxWrongTries) return { kind: 'out-of-tries' };
    if (otp.expired) return { kind: 'expired' };
    const entry = {
      adminId: ctx.adminId,
      ipAddress: ctx.ipAddress ?? null,
      entity: 'redemption',
      entityId: id,
      fromState: redemption.status,
      toState: redemption.status,
    };
    if (!otpMatches(ctx.otpKey, id, code, otp.codeHash)) {
      const wrong = await countWrongCode(tx, id);
      const triesLeft = otpPolicy.maxWrongTries - wrong;
      await recordAudit(tx, { ...entry, action: audited('otp-failed'), details: { triesLeft } });
      return { kind: 'wrong', triesLeft };
    }
    const verifiedUntil = await markVerified(tx, id);
    await recordAudit(tx, { ...entry, action: audited('otp-verified') });
    return { kind: 'verified', verifiedUntil };
  });
  switch (outcome.kind) {
    case 'verified':
      return { verified: true, verifiedUntil: outcome.verifiedUntil };
    case 'wrong':
      throw badRequest(
        outcome.triesLeft > 0
          ? `Wrong code: ${outcome.triesLeft} ${outcome.triesLeft === 1 ? 'try' : 'tries'} left`
          : 'Wrong code, and no tries left: send a new code',
      );
    case 'no-code':
      throw conflict('No code is waiting for this redemption: send one first');
    case 'out-of-tries':
      throw conflict(`The code was entered wrongly ${otpPolicy.maxWrongTries} times: send a new code`);
    case 'expired':
      throw conflict(`The code has expired (codes are valid ${otpPolicy.validSeconds / 60} minutes): send a new one`);
  }
}

/** b***@example.com: enough for the operator to confirm the address with the customer. */
function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  return at <= 0 ? '***' : `${email[0]}***${email.slice(at)}`;
}

function otpMail(redemption: LockedRedemption, code: string): OutgoingMail {
  const minutes = otpPolicy.validSeconds / 60;
  return {
    to: redemption.email,
    subject: `Kode pengambilan emas / Gold collection code (#${redemption.id})`,
    text: [
      `Halo ${redemption.fullName},`,
      '',
      `Kode sekali pakai untuk pengambilan emas fisik (penukaran #${redemption.id}): ${code}`,
      `Berlaku ${minutes} menit. Berikan hanya kepada petugas di loket.`,
      '',
      `Your one-time code to collect your physical gold (redemption #${redemption.id}): ${code}`,
      `Valid for ${minutes} minutes. Give it only to the officer at the counter.`,
    ].join('\n'),
  };
}
