import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  contactListQuery,
  contactListResponse,
  countResponse,
  errorResponse,
  submitContactBody,
  submitContactResponse,
} from '@gold/contract';
import type { AppDeps } from '../../app-deps';
import { tooManyRequests } from '../../lib/http-errors';
import { answerList } from '../../lib/list-reply';
import { normalisePhoneNumber } from '../identity/admins/phone-number';
import {
  countContacts,
  findContactPage,
  insertContactMessage,
  lockAndCountRecent,
  plainAddress,
  streamContacts,
} from './contacts.repository';

/**
 * Per sender (an IPv4 address, an IPv6 /64): at most this many messages within the window, and
 * from everyone together at most maxTotal, so rotating addresses cannot flood the list (decisions.md).
 */
const contactThrottle = { windowMinutes: 60, maxPerSender: 5, maxTotal: 100 } as const;

/** Contact List (signed in). */
export const contactsAdminRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db }) => {
  app.get(
    '/admin/messages',
    {
      schema: {
        tags: ['contacts'],
        summary: 'Contact messages, newest first: a page with limit (the console shows 6), or every message without it; plain text',
        querystring: contactListQuery,
        response: { 200: contactListResponse, 400: errorResponse, 401: errorResponse },
      },
    },
    async (request, reply) => answerList(reply, request.query, { page: (q) => findContactPage(db, q), all: (q) => streamContacts(db, q) }),
  );

  app.get(
    '/admin/count/messages',
    { schema: { tags: ['contacts'], summary: "'Submitted Contacts'", response: { 200: countResponse, 401: errorResponse } } },
    async () => ({ count: await countContacts(db) }),
  );
};

/** The platform's website submits its contact form here (public; throttled per address). */
export const contactsPublicRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db }) => {
  app.post(
    '/contact',
    {
      schema: {
        tags: ['contacts'],
        summary:
          "Submit a contact message (the website's form): validated, stored as plain text; at most 5 an hour per address (an IPv6 /64 counts as one) and 100 an hour in all (429 with Retry-After)",
        body: submitContactBody,
        response: { 201: submitContactResponse, 400: errorResponse, 429: errorResponse },
      },
    },
    async (request, reply) => {
      const body = request.body;
      const phoneNumber = normalisePhoneNumber(body.phoneNumber, 'body.phoneNumber');
      const { windowMinutes, maxPerSender, maxTotal } = contactThrottle;
      const outcome = await db.transaction(async (tx) => {
        const recent = await lockAndCountRecent(tx, request.ip, windowMinutes);
        if (recent.fromSender >= maxPerSender) return { throttled: 'sender' as const, retryAfterSeconds: recent.senderRetryAfter };
        if (recent.total >= maxTotal) return { throttled: 'everyone' as const, retryAfterSeconds: recent.totalRetryAfter };
        const row = await insertContactMessage(tx, {
          fullname: body.fullname,
          institutionName: body.institutionName || null,
          email: body.email,
          phoneNumber,
          message: body.message,
          ipAddress: plainAddress(request.ip),
        });
        // The message is its own record (who, from where, when): anonymous posts stay out of the append-only audit log.
        return { throttled: false as const, row };
      });
      if (outcome.throttled) {
        const minutes = Math.ceil(outcome.retryAfterSeconds / 60);
        const fromSender = outcome.throttled === 'sender';
        throw tooManyRequests(
          fromSender
            ? `Too many messages from your address. Try again in ${minutes} minute(s).`
            : `Too many messages at the moment. Try again in ${minutes} minute(s).`,
          outcome.retryAfterSeconds,
        );
      }
      return reply.code(201).send({ received: true as const, ...outcome.row });
    },
  );
};
