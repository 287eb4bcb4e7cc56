import { z } from 'zod';
import { ekycStatuses, redemptionLimitOptions, redemptionStatuses } from './enums';
import { plainText } from './common';
import { listQuery, pageOf } from './list';
import { identityCheck } from './vault';

/** An exact token amount in {product} as a decimal string without trailing zeros ("25", "0.3"): never a binary float. */
export const tokenAmount = z.string().regex(/^-?\d+(\.\d+)?$/, 'must be a decimal number');
export type TokenAmount = z.infer<typeof tokenAmount>;

const rowId = z.number().int().positive();
/** A redemption or denomination id in a body: a JSON number (not a string), positive, within the database's integer range. */
export const bodyId = z.number().int().positive().max(2_147_483_647);

// ---------------------------------------------------------------------------------------------
// Redemption list: GET /admin/list/redeems
// ---------------------------------------------------------------------------------------------

/** Columns the redemption list can be sorted by (each has an index with id as the tiebreak, with and without the status filter). */
export const redemptionSortFields = ['createdAt', 'appointmentDate', 'total'] as const;
export type RedemptionSortField = (typeof redemptionSortFields)[number];

/** GET /admin/list/redeems: Request Date newest first by default; `status` shows one status only. */
export const redemptionListQuery = listQuery({
  sort: redemptionSortFields,
  defaultSort: 'createdAt',
  defaultOrder: 'desc',
  filters: { status: z.enum(redemptionStatuses).optional() },
});
export type RedemptionListQuery = z.infer<typeof redemptionListQuery>;

/** The customer who asked for the redemption, as the list shows them. */
export const redemptionUser = z.object({ id: rowId, fullName: z.string() });

/** A redemption as the list, the dashboard and the ratings page show it (the spec's Redemption entity without pieces). */
export const redemptionListItem = z.object({
  id: rowId,
  user: redemptionUser,
  /** Request date, ISO-8601 UTC. */
  createdAt: z.string(),
  /** Collection date, YYYY-MM-DD (a calendar day in WIB). */
  appointmentDate: z.string(),
  /** {product}; equals the sum of the pieces (1 {product} = 1 gram). */
  total: tokenAmount,
  totalFee: tokenAmount,
  status: z.enum(redemptionStatuses),
  /** Start hour (WIB) of the 2-hour collection window. */
  timeSlot: z.number().int(),
});
export type RedemptionListItem = z.infer<typeof redemptionListItem>;

export const redemptionListResponse = pageOf(redemptionListItem);
export type RedemptionListResponse = z.infer<typeof redemptionListResponse>;

/** GET /admin/total/gidrredeemed: {product} handed over (sum of the totals of REDEEMED redemptions), exact. */
export const redeemedTotalResponse = z.object({ total: tokenAmount });
export type RedeemedTotalResponse = z.infer<typeof redeemedTotalResponse>;

// ---------------------------------------------------------------------------------------------
// One redemption: GET /admin/redeem/{id} and the actions of the review page
// ---------------------------------------------------------------------------------------------

/**
 * What an admin can do to a redemption: the paths POST /admin/redeem/{action}, and
 * POST /admin/redeem/{id}/identity-check (the counter's record of the document it looked at).
 */
export const redemptionActions = ['prepare', 'sendotp', 'checkotp', 'identity-check', 'approve', 'reject', 'reset'] as const;
export type RedemptionAction = (typeof redemptionActions)[number];

/** One kind of piece in a redemption: `amount` pieces of `physicalGold.denom` grams. */
export const physicalGoldRedeem = z.object({
  id: rowId,
  amount: z.number().int().positive(),
  physicalGold: z.object({ id: rowId, denom: z.number().int().positive() }),
});
export type PhysicalGoldRedeem = z.infer<typeof physicalGoldRedeem>;

/** The one-time-code state of a redemption, as the server sees it now (timestamps ISO-8601 UTC). */
export const redemptionOtpStatus = z.object({
  /** A code was checked in the last 10 minutes: approve is allowed (REQUESTED or PREPARATION). */
  verified: z.boolean(),
  verifiedUntil: z.string().nullable(),
  /** When the code waiting to be checked expires; null when none is waiting (never sent, used, expired or out of tries). */
  codeExpiresAt: z.string().nullable(),
  /** Wrong tries left for the waiting code (0 when none is waiting). */
  attemptsLeft: z.number().int().nonnegative(),
  /** When sendotp may be called again; null means now. */
  nextSendAt: z.string().nullable(),
});
export type RedemptionOtpStatus = z.infer<typeof redemptionOtpStatus>;

/** The spec's Redemption entity (section 3) with what the review and detail pages need around it. */
export const redemptionDetail = redemptionListItem.extend({
  user: redemptionUser.extend({
    email: z.string(),
    phoneNumber: z.string().nullable(),
    nik: z.string().nullable(),
    walletAddress: z.string().nullable(),
    ekycStatus: z.enum(ekycStatuses),
  }),
  /** The reject reason (REJECTED), else null. */
  details: z.string().nullable(),
  updatedAt: z.string(),
  /** The pieces, largest denomination first. */
  physicalGoldRedeems: z.array(physicalGoldRedeem),
  otpStatus: redemptionOtpStatus,
  /**
   * The identity document checked at the counter while the redemption is in its current status
   * (the latest one; a status change ends it, as it ends a checked code); null: none yet.
   */
  identityCheck: identityCheck.nullable(),
  /** Where the customer collects the gold: its pieces leave this location's vault, and only its tellers serve it. */
  location: z.object({ id: rowId, code: z.string(), name: z.string() }),
  /** A hand-over above the confirmation threshold waiting for a second admin; nothing else can change the redemption meanwhile. */
  pendingConfirmation: z.object({ id: rowId, createdAt: z.string(), maker: z.object({ id: rowId, fullName: z.string() }) }).nullable(),
  /**
   * The actions the server would accept now from the admin who reads it: the status decides;
   * approve also needs a checked code, a recorded identity check and the customer's eKYC
   * VERIFIED; a pending hand-over confirmation leaves only the code actions; a role without the
   * counter permission, or a teller of another location, gets none.
   */
  allowedActions: z.array(z.enum(redemptionActions)),
});
export type RedemptionDetail = z.infer<typeof redemptionDetail>;

/** Body of POST /admin/redeem/prepare, /sendotp, /approve and /reset. */
export const redemptionIdBody = z.strictObject({ id: bodyId });
export type RedemptionIdBody = z.infer<typeof redemptionIdBody>;

/** Body of POST /admin/redeem/checkotp: the 6 digits the customer shows at the counter. */
export const checkOtpBody = z.strictObject({
  id: bodyId,
  otp: z.string().regex(/^\d{6}$/, 'otp must be 6 digits'),
});
export type CheckOtpBody = z.infer<typeof checkOtpBody>;

/** Body of POST /admin/redeem/reject (the list sends 'none'). */
export const rejectRedemptionBody = z.strictObject({
  id: bodyId,
  reason: plainText('reason', { min: 1, max: 500 }),
});
export type RejectRedemptionBody = z.infer<typeof rejectRedemptionBody>;

/** Answer of POST /admin/redeem/sendotp: where the code went (masked) and its timings. */
export const sendOtpResponse = z.object({
  /** The customer's e-mail, masked (b***@example.com). */
  sentTo: z.string(),
  expiresAt: z.string(),
  nextSendAt: z.string(),
});
export type SendOtpResponse = z.infer<typeof sendOtpResponse>;

/** Answer of POST /admin/redeem/checkotp when the code is right. */
export const checkOtpResponse = z.object({ verified: z.literal(true), verifiedUntil: z.string() });
export type CheckOtpResponse = z.infer<typeof checkOtpResponse>;

/**
 * Prepare, approve, reject and reset answer the redemption as it is after the change. An approve
 * above the hand-over confirmation threshold answers 202 with the pending confirmation instead
 * (`confirmationResponse`): nothing is handed over until a second admin confirms it.
 */
export const redemptionActionResponse = redemptionDetail;
export type RedemptionActionResponse = RedemptionDetail;

/** POST /admin/redeem/{id}/identity-check answers 201 with the redemption, its `identityCheck` the one just recorded. */
export const identityCheckResponse = redemptionDetail;

/** Known values of a history entry's `action` (the audit log may hold newer ones; show unknown ones as they are). */
export const redemptionHistoryActions = [
  'prepare',
  'otp-sent',
  'otp-failed',
  'otp-verified',
  'identity-check',
  'hand-over-proposed',
  'hand-over-declined',
  'hand-over-withdrawn',
  'approve',
  'reject',
  'reset',
] as const;
export type RedemptionHistoryAction = (typeof redemptionHistoryActions)[number];

/** One line of GET /admin/redeem/{id}/history: who did what, when, from which status to which. */
export const redemptionHistoryEntry = z.object({
  id: rowId,
  occurredAt: z.string(),
  action: z.string(),
  from: z.enum(redemptionStatuses).nullable(),
  to: z.enum(redemptionStatuses).nullable(),
  /** The reject reason, for reject; the checker's reason, for hand-over-declined. */
  reason: z.string().nullable(),
  admin: z.object({ id: rowId, fullName: z.string() }).nullable(),
  /** The second admin who confirmed it (an approve above the confirmation threshold; `admin` is the one who proposed it). */
  confirmedBy: z.object({ id: rowId, fullName: z.string() }).nullable(),
});
export type RedemptionHistoryEntry = z.infer<typeof redemptionHistoryEntry>;

/** Oldest first. */
export const redemptionHistoryResponse = z.object({ data: z.array(redemptionHistoryEntry) });
export type RedemptionHistoryResponse = z.infer<typeof redemptionHistoryResponse>;

// ---------------------------------------------------------------------------------------------
// Redemption limit: GET /admin/redemption/limit/list, POST /admin/redemption/limit/set
// ---------------------------------------------------------------------------------------------

/** One change of the largest denomination customers may request; the list's last record is current. */
export const redemptionLimitRecord = z.object({
  id: rowId,
  /** Grams. */
  gidrlimit: z.number().int(),
  createdAt: z.string(),
  /** Who set it (null for records older than the admin accounts). */
  setBy: z.object({ id: rowId, fullName: z.string() }).nullable(),
});
export type RedemptionLimitRecord = z.infer<typeof redemptionLimitRecord>;

/** Oldest first: the last item is the current limit. */
export const redemptionLimitListResponse = z.object({ data: z.array(redemptionLimitRecord) });
export type RedemptionLimitListResponse = z.infer<typeof redemptionLimitListResponse>;

export const setRedemptionLimitBody = z.strictObject({
  newlimit: z.literal(redemptionLimitOptions, { error: `newlimit must be one of ${redemptionLimitOptions.join(', ')}` }),
});
export type SetRedemptionLimitBody = z.infer<typeof setRedemptionLimitBody>;

/** POST /admin/redemption/limit/set answers the new current record. */
export const setRedemptionLimitResponse = redemptionLimitRecord;
