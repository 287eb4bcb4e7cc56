import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  checkOtpBody,
  checkOtpResponse,
  confirmationResponse,
  countResponse,
  errorResponse,
  idParams,
  identityCheckBody,
  identityCheckResponse,
  redeemedTotalResponse,
  redemptionActionResponse,
  redemptionDetail,
  redemptionHistoryResponse,
  redemptionIdBody,
  redemptionLimitListResponse,
  redemptionListQuery,
  redemptionListResponse,
  rejectRedemptionBody,
  sendOtpResponse,
  setRedemptionLimitBody,
  setRedemptionLimitResponse,
} from '@gold/contract';
import type { AppDeps } from '../../app-deps';
import { answerList } from '../../lib/list-reply';
import { notFound } from '../../lib/http-errors';
import { signedInAdminOf } from '../identity/sessions/require-admin';
import { listLimits, setLimit } from './redemption-limits.repository';
import { countRedemptions, findHistory, findRedemptionPage, redemptionExists, streamRedemptions } from './redemptions.repository';
import { redeemedTotal } from '../vault/vault.repository';
import { settlementAddresses } from '../settlement/settlement-addresses';
import { approve, changeStatus, checkOtp, getRedemption, recordIdentity, sendOtp, type LifecycleContext } from './redemptions.service';

const refused = { 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse, 409: errorResponse };

/** Redemptions: the list, the count and total cards, one redemption, its history, the lifecycle actions and the limit. */
export const redemptionsRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db, mailer, otpKey, config, chain }) => {
  const context = (request: FastifyRequest): LifecycleContext => ({
    db,
    mailer,
    otpKey,
    adminId: signedInAdminOf(request).id,
    ipAddress: request.ip,
    log: request.log,
    // The demo chain may start after the app: its default addresses apply once it runs.
    settlement: settlementAddresses(config, Boolean(chain?.()?.demo)),
    handOverConfirmationGrams: config.HANDOVER_CONFIRMATION_GRAMS,
  });

  app.get(
    '/admin/list/redeems',
    {
      schema: {
        tags: ['redemptions'],
        summary:
          'Redemption list: a page with limit (0-based page), or every redemption streamed without it; sorted and filtered by status in the database',
        querystring: redemptionListQuery,
        response: { 200: redemptionListResponse, 400: errorResponse, 401: errorResponse },
      },
    },
    async (request, reply) =>
      answerList(reply, request.query, { page: (q) => findRedemptionPage(db, q), all: (q) => streamRedemptions(db, q) }),
  );

  app.get(
    '/admin/count/redeems',
    {
      schema: {
        tags: ['redemptions'],
        summary: 'How many redemptions there are, in every status',
        response: { 200: countResponse, 401: errorResponse },
      },
    },
    async () => ({ count: await countRedemptions(db) }),
  );

  app.get(
    '/admin/total/gidrredeemed',
    {
      schema: {
        tags: ['redemptions'],
        summary: '{product} handed over: the sum of the totals of REDEEMED redemptions, exact, as decimal text',
        response: { 200: redeemedTotalResponse, 401: errorResponse },
      },
    },
    async () => ({ total: await redeemedTotal(db) }),
  );

  app.get(
    '/admin/redeem/:id',
    {
      schema: {
        tags: ['redemptions'],
        summary:
          'One redemption with its customer, pieces, one-time-code state, identity check, location, pending hand-over and the actions allowed now',
        params: idParams,
        response: { 200: redemptionDetail, 400: errorResponse, 401: errorResponse, 404: errorResponse },
      },
    },
    async (request) => getRedemption(db, request.params.id, signedInAdminOf(request).id),
  );

  app.get(
    '/admin/redeem/:id/history',
    {
      schema: {
        tags: ['redemptions'],
        summary: "The redemption's audit log, oldest first: who did what, when, from which status to which, and the reason",
        params: idParams,
        response: { 200: redemptionHistoryResponse, 400: errorResponse, 401: errorResponse, 404: errorResponse },
      },
    },
    async (request) => {
      if (!(await redemptionExists(db, request.params.id))) throw notFound(`Redemption ${request.params.id} not found`);
      return { data: await findHistory(db, request.params.id) };
    },
  );

  const statusChanges: Array<{ action: 'prepare' | 'reset'; summary: string }> = [
    { action: 'prepare', summary: 'PREPARATION -> ON_WEB2 (the list\'s "approve"): fulfilled off-platform, vault stock untouched' },
    { action: 'reset', summary: 'REJECTED -> REQUESTED; the reject reason and any code are cleared' },
  ];
  for (const { action, summary } of statusChanges) {
    app.post(
      `/admin/redeem/${action}`,
      {
        schema: {
          tags: ['redemptions'],
          summary,
          body: redemptionIdBody,
          response: { 200: redemptionActionResponse, ...refused },
        },
      },
      async (request) => changeStatus(context(request), action, request.body.id),
    );
  }

  app.post(
    '/admin/redeem/approve',
    {
      schema: {
        tags: ['redemptions'],
        summary:
          'PREPARATION with a code checked in the last 10 minutes, the identity document checked and eKYC VERIFIED -> REDEEMED, ' +
          'the pieces (by serial) leave the vault; above HANDOVER_CONFIRMATION_GRAMS: 202, a hand-over waiting for a second admin',
        body: redemptionIdBody,
        response: { 200: redemptionActionResponse, 202: confirmationResponse, ...refused },
      },
    },
    async (request, reply) => {
      const outcome = await approve(context(request), request.body.id);
      return outcome.kind === 'pending' ? reply.code(202).send(outcome.confirmation) : outcome.redemption;
    },
  );

  app.post(
    '/admin/redeem/:id/identity-check',
    {
      schema: {
        tags: ['redemptions'],
        summary:
          'Records the identity document the teller checked (type, last 4 characters) for a PREPARATION redemption; approve needs one',
        params: idParams,
        body: identityCheckBody,
        response: { 201: identityCheckResponse, ...refused },
      },
    },
    async (request, reply) => reply.code(201).send(await recordIdentity(context(request), request.params.id, request.body)),
  );

  app.post(
    '/admin/redeem/reject',
    {
      schema: {
        tags: ['redemptions'],
        summary: 'REQUESTED or PREPARATION -> REJECTED with a reason (the list sends "none")',
        body: rejectRedemptionBody,
        response: { 200: redemptionActionResponse, ...refused },
      },
    },
    async (request) => changeStatus(context(request), 'reject', request.body.id, request.body.reason),
  );

  app.post(
    '/admin/redeem/sendotp',
    {
      schema: {
        tags: ['redemptions'],
        summary: 'E-mails a new one-time code to the customer (REQUESTED or PREPARATION); at most one a minute',
        body: redemptionIdBody,
        response: { 200: sendOtpResponse, ...refused, 429: errorResponse, 503: errorResponse },
      },
    },
    async (request) => sendOtp(context(request), request.body.id),
  );

  app.post(
    '/admin/redeem/checkotp',
    {
      schema: {
        tags: ['redemptions'],
        summary: 'Checks the code the customer shows; right: approve is allowed for 10 minutes; 5 wrong tries end the code',
        body: checkOtpBody,
        response: { 200: checkOtpResponse, ...refused },
      },
    },
    async (request) => checkOtp(context(request), request.body.id, request.body.otp),
  );

  app.get(
    '/admin/redemption/limit/list',
    {
      schema: {
        tags: ['redemptions'],
        summary: 'Every redemption limit set, in order: the last one is current',
        response: { 200: redemptionLimitListResponse, 401: errorResponse },
      },
    },
    async () => ({ data: await listLimits(db) }),
  );

  app.post(
    '/admin/redemption/limit/set',
    {
      schema: {
        tags: ['redemptions'],
        summary: 'A new redemption limit (grams): one of 5, 10, 25, 100, 250, 500, 1000; recorded with who set it',
        body: setRedemptionLimitBody,
        response: { 201: setRedemptionLimitResponse, 400: errorResponse, 401: errorResponse },
      },
    },
    async (request, reply) => reply.code(201).send(await setLimit(db, signedInAdminOf(request).id, request.body.newlimit, request.ip)),
  );
};
