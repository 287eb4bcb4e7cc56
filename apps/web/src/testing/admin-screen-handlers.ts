import { adminListQuery, auditListQuery, contactListQuery } from '@gold/contract';
import { failWith, type Handlers } from './http';
import { countAnswer, listServer } from './list-server';

/** What the admin, contact and audit screens call, answered with no records (the route table's tests open every screen). */
export const adminScreenHandlers: Handlers = {
  // Admin List (and the Audit Log's admin filter), Add Admin, View Admin Detail ('/admin-list/2' is no admin).
  'GET /admin/list/admins': listServer(adminListQuery, []),
  'GET /admin/count/admins': countAnswer(0),
  'GET /admin/detail/2': failWith(404, 'Admin 2 not found'),
  'POST /admin/add': failWith(400, 'body.email: email must be an email address'),
  'POST /admin/edit/2': failWith(404, 'Admin 2 not found'),
  'POST /admin/delete/2': failWith(404, 'Admin 2 not found'),
  'POST /admin/two-factor/reset/2': failWith(404, 'Admin 2 not found'),
  // Contact List.
  'GET /admin/messages': listServer(contactListQuery, []),
  'GET /admin/count/messages': countAnswer(0),
  // Audit Log.
  'GET /admin/audit': listServer(auditListQuery, []),
};
