import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  addAdminBody,
  adminDetailResponse,
  adminListQuery,
  adminListResponse,
  countResponse,
  editAdminBody,
  errorResponse,
  idParams,
} from '@gold/contract';
import type { AppDeps } from '../../../app-deps';
import { answerList } from '../../../lib/list-reply';
import { actorOf } from '../sessions/actor';
import { secondFactorKeys } from '../two-factor/second-factor-keys';
import { countRegisteredAdmins, findAdminPage, streamAdmins } from '../admins/admins.repository';
import { addAdmin, deleteAdmin, editAdmin, getAdmin } from './admins.service';

const changeErrors = { 400: errorResponse, 401: errorResponse, 404: errorResponse, 409: errorResponse, 429: errorResponse };

/** Admin List, Add Admin, View Admin Detail, and delete (spec section 7, plus delete). */
export const adminsRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db, otpKey }) => {
  const keys = secondFactorKeys(otpKey);
  app.get(
    '/admin/list/admins',
    {
      schema: {
        tags: ['admins'],
        summary: 'Admin list (deleted admins hidden): a page with limit (0-based page), or every admin without it',
        querystring: adminListQuery,
        response: { 200: adminListResponse, 400: errorResponse, 401: errorResponse },
      },
    },
    async (request, reply) => answerList(reply, request.query, { page: (q) => findAdminPage(db, q), all: (q) => streamAdmins(db, q) }),
  );

  app.get(
    '/admin/count/admins',
    {
      schema: { tags: ['admins'], summary: "'Registered Admin': admins not deleted", response: { 200: countResponse, 401: errorResponse } },
    },
    async () => ({ count: await countRegisteredAdmins(db) }),
  );

  app.get(
    '/admin/detail/:id',
    {
      schema: {
        tags: ['admins'],
        summary: 'One admin, as data[0]',
        params: idParams,
        response: { 200: adminDetailResponse, 400: errorResponse, 401: errorResponse, 404: errorResponse },
      },
    },
    async (request) => ({ data: [await getAdmin(db, request.params.id)] }),
  );

  app.post(
    '/admin/add',
    {
      schema: {
        tags: ['admins'],
        summary:
          'Add an admin of the chosen role (Administrator when none is named; a Teller with its vault location), with your password and second factor (reauth); 409 when the e-mail is taken, 400 naming a weak password, a wrong phone number or location, or a missing or wrong reauth',
        body: addAdminBody,
        response: { 201: adminDetailResponse, ...changeErrors },
      },
    },
    async (request, reply) => {
      const admin = await addAdmin(db, keys, actorOf(request), request.body);
      return reply.code(201).send({ data: [admin] });
    },
  );

  app.post(
    '/admin/edit/:id',
    {
      schema: {
        tags: ['admins'],
        summary:
          "Change an admin's status, role and Teller's location and, when password is not empty, its password (not your own: POST /account/password); a new password or role needs reauth; deactivating or a change of password, role or location ends its sessions; nobody changes their own role, and the last active Administrator stays one (409)",
        params: idParams,
        body: editAdminBody,
        response: { 200: adminDetailResponse, ...changeErrors },
      },
    },
    async (request) => ({ data: [await editAdmin(db, keys, actorOf(request), request.params.id, request.body)] }),
  );

  app.post(
    '/admin/delete/:id',
    {
      schema: {
        tags: ['admins'],
        summary:
          'Delete an admin: deactivated and hidden, its history kept; refuses yourself and the last active admin or Administrator (409)',
        params: idParams,
        response: { 200: adminDetailResponse, ...changeErrors },
      },
    },
    async (request) => ({ data: [await deleteAdmin(db, actorOf(request), request.params.id)] }),
  );
};
