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
import { recordAudit } from '../audit/audit.repository';
import { countContacts, findContactPage, insertContactMessage, lockAndCountRecentFromAddress, streamContacts } from './contacts.repository';

/** Per address: at most this many messages within the window (decisions.md). */
const contactThrottle = { windowMinutes: 60, maxPerAddress: 5 } as const;

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
          "Submit a contact message (the website's form): validated, stored as plain text; at most 5 an hour per address (429 with Retry-After)",
        body: submitContactBody,
        response: { 201: submitContactResponse, 400: errorResponse, 429: errorResponse },
      },
    },
    async (request, reply) => {
      const body = request.body;
      const phoneNumber = normalisePhoneNumber(body.phoneNumber, 'body.phoneNumber');
      const { windowMinutes, maxPerAddress } = contactThrottle;
      const outcome = await db.transaction(async (tx) => {
        const recent = await lockAndCountRecentFromAddress(tx, request.ip, windowMinutes);
        if (recent.count >= maxPerAddress) return { throttled: true as const, retryAfterSeconds: recent.retryAfterSeconds };
        const row = await insertContactMessage(tx, {
          fullname: body.fullname,
          institutionName: body.institutionName || null,
          email: body.email,
          phoneNumber,
          message: body.message,
          ipAddress: request.ip,
        });
        await recordAudit(tx, {
          adminId: null,
          action: 'contact.submit',
          entity: 'contact_message',
          entityId: row.id,
          ipAddress: request.ip,
        });
        return { throttled: false as const, row };
      });
      if (outcome.throttled) {
        const minutes = Math.ceil(outcome.retryAfterSeconds / 60);
        throw tooManyRequests(`Too many messages from your address. Try again in ${minutes} minute(s).`, outcome.retryAfterSeconds);
      }
      return reply.code(201).send({ received: true as const, ...outcome.row });
    },
  );
};
