import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditListQuery, auditListResponse, errorResponse } from '@gold/contract';
import type { AppDeps } from '../../app-deps';
import { answerList } from '../../lib/list-reply';
import { findAuditPage, streamAudit } from './audit.repository';

/** The Audit Log page. Read only: nothing in the API changes or removes an entry (and the database refuses to). */
export const auditRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db }) => {
  app.get(
    '/admin/audit',
    {
      schema: {
        tags: ['audit'],
        summary: 'Audit log, newest first, paged in the database; filters: adminId, action, from and to (WIB days, inclusive)',
        querystring: auditListQuery,
        response: { 200: auditListResponse, 400: errorResponse, 401: errorResponse },
      },
    },
    async (request, reply) => answerList(reply, request.query, { page: (q) => findAuditPage(db, q), all: (q) => streamAudit(db, q) }),
  );
};
