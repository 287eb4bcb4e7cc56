import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { countResponse, errorResponse, idParams, customerDetail, customerListQuery, customerListResponse } from '@gold/contract';
import type { AppDeps } from '../../app-deps';
import { notFound } from '../../lib/http-errors';
import { answerList } from '../../lib/list-reply';
import { countCustomers, findCustomerDetail, findCustomerPage, streamCustomers } from './customers.repository';

/** The platform's customers ("users" in the spec's paths). */
export const customersRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db }) => {
  app.get(
    '/admin/list/users',
    {
      schema: {
        tags: ['users'],
        summary: 'User list: a page with limit (0-based page), or every user streamed without it; sorted and searched in the database',
        querystring: customerListQuery,
        response: { 200: customerListResponse, 400: errorResponse, 401: errorResponse },
      },
    },
    async (request, reply) =>
      answerList(reply, request.query, { page: (q) => findCustomerPage(db, q), all: (q) => streamCustomers(db, q) }),
  );

  app.get(
    '/admin/count/users',
    { schema: { tags: ['users'], summary: 'How many users are registered', response: { 200: countResponse, 401: errorResponse } } },
    async () => ({ count: await countCustomers(db) }),
  );

  app.get(
    '/admin/users/:id',
    {
      schema: {
        tags: ['users'],
        summary: 'One user with every field of the detail page (wallet, KYC notifications and the KYC reference); 404 for an unknown id',
        params: idParams,
        response: { 200: customerDetail, 400: errorResponse, 401: errorResponse, 404: errorResponse },
      },
    },
    async (request) => {
      const user = await findCustomerDetail(db, request.params.id);
      if (!user) throw notFound(`User ${request.params.id} not found`);
      return user;
    },
  );
};
