import { z } from 'zod';
import { redemptionStatuses } from './enums';

/**
 * GET /admin/events: server-sent events telling the console what changed, so it refetches only
 * that. Each stored event carries an increasing `id` (the SSE id): a client that reconnects with
 * Last-Event-ID gets what it missed, or `refetch` when that is no longer known.
 */
const eventId = z.number().int().positive();

export const adminEvent = z.discriminatedUnion('type', [
  /** New redemptions (written by the customer platform); ids of up to 100, null for a larger batch. */
  z.object({ id: eventId, type: z.literal('redemption.created'), redemptionIds: z.array(z.number().int().positive()).nullable() }),
  z.object({
    id: eventId,
    type: z.literal('redemption.changed'),
    redemptionId: z.number().int().positive(),
    status: z.enum(redemptionStatuses),
  }),
  /** Stock added to a denomination or its redeemable flag changed. */
  z.object({ id: eventId, type: z.literal('stock.changed'), denominationId: z.number().int().positive() }),
  /** A deposit, a burn, a fee move or a refund changed state (redemptionId null: an unmatched deposit's). */
  z.object({ id: eventId, type: z.literal('settlement.changed'), redemptionId: z.number().int().positive().nullable() }),
  /** A four-eyes confirmation was proposed, confirmed, declined or withdrawn (the pending list moves). */
  z.object({ id: eventId, type: z.literal('confirmations.changed'), confirmationId: z.number().int().positive() }),
  /** A reserves snapshot was written. */
  z.object({ id: eventId, type: z.literal('reserves.changed'), snapshotId: z.number().int().positive(), backed: z.boolean() }),
  /**
   * Token transfers changed from `fromBlock` up: new ones stored near the head (`stored`), pending
   * ones became final (`final`), or a reorganisation removed those of abandoned blocks and the
   * reserves snapshots read at them (`rolled-back`).
   */
  z.object({
    id: eventId,
    type: z.literal('transactions.changed'),
    change: z.enum(['stored', 'final', 'rolled-back']),
    fromBlock: z.number().int().nonnegative(),
  }),
]);
export type AdminEvent = z.infer<typeof adminEvent>;
export type AdminEventType = AdminEvent['type'];
/** An event as written, before it has its id. */
export type NewAdminEvent = AdminEvent extends infer E ? (E extends { id: number } ? Omit<E, 'id'> : never) : never;

/**
 * Messages of the stream that are not stored events: `ready` (connected; its SSE id is the latest
 * event's, so a reconnect resumes there), `refetch` (events were missed and are no longer known:
 * refetch everything shown), `session-ended` (signed out, expired or deactivated: the stream closes).
 */
export const adminStreamNotice = z.object({ type: z.enum(['ready', 'refetch', 'session-ended']) });
export type AdminStreamNotice = z.infer<typeof adminStreamNotice>;

export const adminStreamMessage = z.union([adminEvent, adminStreamNotice]);
export type AdminStreamMessage = z.infer<typeof adminStreamMessage>;
