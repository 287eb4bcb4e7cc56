import { z } from 'zod';
import { plainText } from './common';
import { listQuery, pageOf, searchText } from './list';
import { emailAddress, phoneNumberInput } from './admins';

/** Contact List cards per page (spec section 9). */
export const contactPageSize = 6;

/** GET /admin/messages: newest first; `search` matches sender, institution, e-mail or message. */
export const contactListQuery = listQuery({
  sort: ['createdAt'] as const,
  defaultSort: 'createdAt',
  defaultOrder: 'desc',
  filters: { search: searchText.optional() },
});
export type ContactListQuery = z.infer<typeof contactListQuery>;

/** The spec's Contact message entity. Every text is plain text as sent: show it as text, never as HTML. */
export const contactMessage = z.object({
  id: z.number().int().positive(),
  fullname: z.string(),
  institutionName: z.string().nullable(),
  message: z.string(),
  createdAt: z.string(),
  email: z.string(),
  /** E.164 (`+6281234567890`) or null. */
  phoneNumber: z.string().nullable(),
  /** The number for a chat link (`https://wa.me/${chatNumber}`): international digits without +, or null. */
  chatNumber: z.string().nullable(),
});
export type ContactMessage = z.infer<typeof contactMessage>;

export const contactListResponse = pageOf(contactMessage);
export type ContactListResponse = z.infer<typeof contactListResponse>;

/** Longest message the public form accepts. */
export const contactMessageMaxLength = 2000;

/**
 * POST /contact (public, for the platform's website): validated and stored as plain text; throttled
 * per address (429 with Retry-After). The phone number is checked like an admin's (Indonesia by default).
 */
export const submitContactBody = z.strictObject({
  fullname: plainText('fullname', { min: 1, max: 100 }),
  institutionName: plainText('institutionName', { max: 200 }).nullable().optional(),
  email: emailAddress,
  phoneNumber: phoneNumberInput.nullable().optional(),
  message: plainText('message', { min: 1, max: contactMessageMaxLength }),
});
export type SubmitContactBody = z.input<typeof submitContactBody>;

/** 201: the message was stored. */
export const submitContactResponse = z.object({ received: z.literal(true), id: z.number().int().positive(), createdAt: z.string() });
export type SubmitContactResponse = z.infer<typeof submitContactResponse>;
