import { z } from 'zod';
import { listQuery, pageOf } from './list';
import { settlementEventTypes } from './settlement';

/** Events the platform can subscribe to. */
export const webhookEventTypes = ['redemption.created', 'redemption.status_changed', 'kyc.recorded', ...settlementEventTypes] as const;
export type WebhookEventType = (typeof webhookEventTypes)[number];

export const webhookDeliveryStatuses = ['pending', 'delivered', 'failed'] as const;
export type WebhookDeliveryStatus = (typeof webhookDeliveryStatuses)[number];

const webhookUrl = z
  .url({ protocol: /^https?$/, message: 'url must be an http:// or https:// URL' })
  .max(2000, 'url must be at most 2000 characters');

/** POST /platform/webhooks: where to deliver which events. */
export const webhookSubscriptionBody = z.strictObject({
  url: webhookUrl,
  events: z
    .array(z.enum(webhookEventTypes))
    .min(1, 'events must name at least one event')
    .max(webhookEventTypes.length)
    .refine((events) => new Set(events).size === events.length, 'events must not repeat an event'),
});
export type WebhookSubscriptionBody = z.infer<typeof webhookSubscriptionBody>;

export const webhookSubscription = z.object({
  id: z.number().int().positive(),
  url: z.string(),
  events: z.array(z.enum(webhookEventTypes)),
  createdAt: z.string(),
});
export type WebhookSubscription = z.infer<typeof webhookSubscription>;

/** 201: the subscription and its signing secret (Standard Webhooks, whsec_...), shown this once. */
export const createdWebhookSubscription = webhookSubscription.extend({ secret: z.string() });
export type CreatedWebhookSubscription = z.infer<typeof createdWebhookSubscription>;

export const webhookSubscriptionListResponse = z.object({ data: z.array(webhookSubscription) });

/** One delivery of one event to one subscription, as the console lists it. */
export const webhookDelivery = z.object({
  /** The Standard Webhooks message id (webhook-id): the same on every attempt. */
  id: z.string(),
  eventType: z.string(),
  url: z.string(),
  credential: z.object({ id: z.number().int().positive(), name: z.string() }),
  status: z.enum(webhookDeliveryStatuses),
  attempts: z.number().int().nonnegative(),
  createdAt: z.string(),
  nextAttemptAt: z.string().nullable(),
  lastAttemptAt: z.string().nullable(),
  lastResponseStatus: z.number().int().nullable(),
  lastError: z.string().nullable(),
  deliveredAt: z.string().nullable(),
});
export type WebhookDelivery = z.infer<typeof webhookDelivery>;

/** GET /admin/webhooks/deliveries: newest first, optionally one status. */
export const webhookDeliveryListQuery = listQuery({
  sort: ['createdAt'] as const,
  defaultSort: 'createdAt',
  defaultOrder: 'desc',
  filters: { status: z.enum(webhookDeliveryStatuses).optional() },
});
export type WebhookDeliveryListQuery = z.infer<typeof webhookDeliveryListQuery>;

export const webhookDeliveryListResponse = pageOf(webhookDelivery);
export type WebhookDeliveryListResponse = z.infer<typeof webhookDeliveryListResponse>;

/** POST /admin/webhooks/deliveries/{id}/resend: the delivery's id. */
export const webhookDeliveryParams = z.object({
  id: z.string().regex(/^msg_[0-9A-Za-z]{1,64}$/, 'id must be a delivery id (msg_...)'),
});
