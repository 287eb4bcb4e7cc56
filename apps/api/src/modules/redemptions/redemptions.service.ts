import type { FastifyBaseLogger } from 'fastify';
import {
  allowedRedemptionActions,
  isOpenRedemption,
  redemptionLifecycle,
  redemptionRefusal,
  type CheckOtpResponse,
  type RedemptionAction,
  type RedemptionDetail,
  type RedemptionStatusChange,
  type SendOtpResponse,
} from '@gold/contract';
import type { Database, Executor } from '../../db/client';
import { badRequest, conflict, notFound, serviceUnavailable, tooManyRequests } from '../../lib/http-errors';
import { recordAudit } from '../audit/audit.repository';
import { publishEvent } from '../live-updates/live-updates.repository';
import { MailNotSent, type Mailer, type OutgoingMail } from '../mail/mailer';
import { recordReserveSnapshot } from '../reserves/reserves.service';
import type { SettlementAddresses } from '../settlement/settlement-addresses';
import { queueHandOverSettlement, queueRefundOnRejection } from '../settlement/settlement.service';
import { lockStockForHandOver } from '../vault/vault.service';
import { hashOtp, newOtpCode, otpMatches, otpPolicy } from './otp-codes';
import {
  clearOtp,
  countWrongCode,
  findOtp,
  findPieces,
  findRedemption,
  lockCustomerKyc,
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
}

const audited = <A extends string>(action: A) => `redemption.${action}` as const;

/** The Redemption entity as GET /admin/redeem/{id} answers it, read in one snapshot. */
export async function getRedemption(db: Database, id: number): Promise<RedemptionDetail> {
  return db.transaction((tx) => readRedemption(tx, id), { isolationLevel: 'repeatable read', accessMode: 'read only' });
}

/** The entity as `executor` sees it: a snapshot of its own, or what an action's transaction has just written. */
async function readRedemption(executor: Executor, id: number): Promise<RedemptionDetail> {
  const row = await findRedemption(executor, id);
  const pieces = await findPieces(executor, id);
  if (!row) throw notFound(`Redemption ${id} not found`);
  const { otp, ...redemption } = row;
  const verified = otp.verifiedUntil !== null && isOpenRedemption(row.status);
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
    allowedActions: allowedRedemptionActions(row.status, verified),
  };
}

/** Locks the redemption and refuses the action (409 naming the status) unless its status allows it. */
async function lockFor(tx: Parameters<typeof lockRedemption>[0], action: RedemptionAction, id: number): Promise<LockedRedemption> {
  const redemption = await lockRedemption(tx, id);
  if (!redemption) throw notFound(`Redemption ${id} not found`);
  const refusal = redemptionRefusal(action, redemption.status);
  if (refusal) throw conflict(refusal);
  return redemption;
}

/**
 * prepare, approve, reject and reset: one transaction that locks the redemption, checks the
 * lifecycle (and for approve the checked code, the customer's KYC and the vault), settles the
 * tokens (a hand-over queues the burn and the fee's move, a rejection the escrow's refund),
 * changes the status, ends any code, and writes the audit log. A refusal throws inside it:
 * nothing changes. Locks are taken redemption, customer, denominations, deposit: the order the
 * settlement step also follows.
 */
export async function changeStatus(
  ctx: LifecycleContext,
  action: RedemptionStatusChange,
  id: number,
  reason?: string,
): Promise<RedemptionDetail> {
  return ctx.db.transaction(async (tx) => {
    const redemption = await lockFor(tx, action, id);
    let details: Record<string, unknown> | undefined;
    if (action === 'approve') {
      const otp = await findOtp(tx, id);
      if (!otp?.verified) {
        throw conflict('Cannot approve: no one-time code has been checked for this redemption in the last 10 minutes');
      }
      const ekycStatus = await lockCustomerKyc(tx, id);
      if (ekycStatus !== 'VERIFIED') {
        throw conflict(
          `Cannot approve: the customer's eKYC status is ${ekycStatus}; gold is handed over only to customers whose eKYC is VERIFIED`,
        );
      }
      const lines = await lockStockForHandOver(tx, id);
      details = { pieces: lines.map((l) => ({ denom: l.denom, amount: l.requested })) };
    }
    if (action === 'approve' || action === 'prepare') {
      const queued = await queueHandOverSettlement(tx, id, ctx.settlement, ctx.adminId);
      details = { ...details, burnId: queued.burnId, feeId: queued.feeId, escrowTxHash: queued.escrowTxhash };
    }
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
    // Pieces left the vault: a reserves snapshot (and an under-backed crossing, audited) commits with the approval.
    if (action === 'approve') await recordReserveSnapshot(tx, { reason: 'approval', adminId: ctx.adminId, ipAddress: ctx.ipAddress });
    // The answer is read in the action's own transaction (before the events, whose lock comes last): read afterwards on
    // another connection, a busy pool could fail it and tell the operator an approval that committed had failed.
    const answer = await readRedemption(tx, id);
    await publishEvent(tx, { type: 'redemption.changed', redemptionId: id, status: to });
    if (details && ('burnId' in details || 'refundId' in details)) await publishEvent(tx, { type: 'settlement.changed', redemptionId: id });
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
  if (!ctx.mailer.configured) {
    throw serviceUnavailable('Cannot send the code: e-mail delivery is not configured on this server (SMTP_URL)', 60);
  }
  const code = newOtpCode();
  const codeHash = hashOtp(ctx.otpKey, id, code);
  const stored = await ctx.db.transaction(async (tx) => {
    const redemption = await lockFor(tx, 'sendotp', id);
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
    const redemption = await lockFor(tx, 'checkotp', id);
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
