import {
  isOpenRedemption,
  type IdentityCheck,
  type Denomination,
  type RedemptionAction,
  type RedemptionDetail,
  type RedemptionHistoryEntry,
  type RedemptionListItem,
  type RedemptionStatus,
} from '@gold/contract';
import { errorBody, jsonResponse, type Handler, type Handlers, type StubbedRequest } from './http';

/** Console test data for the redemption screens, shaped by the contract. */

let nextId = 1000;

export function createRedemptionRow(overrides: Partial<RedemptionListItem> = {}): RedemptionListItem {
  const id = overrides.id ?? nextId++;
  return {
    id,
    user: { id: id + 5000, fullName: `Customer ${id}` },
    createdAt: new Date(Date.UTC(2026, 10, 1) + id * 3_600_000).toISOString(),
    appointmentDate: '2026-11-23',
    total: '25',
    totalFee: '0.5',
    status: 'REQUESTED',
    timeSlot: 8,
    ...overrides,
  };
}

/** `count` rows with ids 1..count, the higher id requested later. */
export function createRedemptionRows(count: number, overrides: (index: number) => Partial<RedemptionListItem> = () => ({})) {
  return Array.from({ length: count }, (_, index) => createRedemptionRow({ id: index + 1, ...overrides(index) }));
}

/** What the server would allow (packages/contract/src/redemption-lifecycle.ts): approve also needs the identity check. */
function allowedFor(status: RedemptionStatus, verified: boolean, identityChecked: boolean): RedemptionAction[] {
  if (isOpenRedemption(status)) {
    return [
      ...(status === 'PREPARATION' ? (['prepare'] as const) : []),
      'sendotp',
      'checkotp',
      ...(status === 'PREPARATION' ? (['identity-check'] as const) : []),
      ...(verified && identityChecked && status === 'PREPARATION' ? (['approve'] as const) : []),
      'reject',
    ];
  }
  return status === 'REJECTED' || status === 'ON_WEB2' ? ['reset'] : [];
}

/** An identity document recorded at the counter (approve needs one). */
export const checkedDocument: IdentityCheck = {
  documentType: 'KTP',
  last4: '0001',
  checkedAt: '2026-11-20T03:02:00.000Z',
  checkedBy: { id: 1, fullName: 'Ayu Lestari' },
};

export function createRedemption(overrides: Partial<Omit<RedemptionDetail, 'user'>> & { user?: Partial<RedemptionDetail['user']> } = {}) {
  const id = overrides.id ?? nextId++;
  const status = overrides.status ?? 'PREPARATION';
  const verified = overrides.otpStatus?.verified ?? false;
  const identityCheck = overrides.identityCheck ?? null;
  const { user, ...rest } = overrides;
  const redemption: RedemptionDetail = {
    ...createRedemptionRow({ id, status }),
    total: '25',
    totalFee: '0.5',
    timeSlot: 8,
    details: status === 'REJECTED' ? 'Customer did not come' : null,
    updatedAt: '2026-11-20T03:00:00.000Z',
    physicalGoldRedeems: [
      { id: 1, amount: 2, physicalGold: { id: 3, denom: 10 } },
      { id: 2, amount: 1, physicalGold: { id: 1, denom: 5 } },
    ],
    otpStatus: {
      verified,
      verifiedUntil: verified ? '2026-11-20T03:10:00.000Z' : null,
      codeExpiresAt: null,
      attemptsLeft: 0,
      nextSendAt: null,
    },
    identityCheck,
    location: { id: 1, code: 'JKT-01', name: 'Jakarta Pusat' },
    pendingConfirmation: null,
    allowedActions: allowedFor(status, verified, identityCheck !== null),
    ...rest,
    user: {
      id: id + 5000,
      fullName: 'Siti Rahmawati',
      email: 'siti@example.com',
      phoneNumber: '+6281234567890',
      nik: '3201010101900001',
      walletAddress: null,
      ekycStatus: 'VERIFIED',
      ...user,
    },
  };
  return redemption;
}

export function createHistoryEntry(overrides: Partial<RedemptionHistoryEntry> = {}): RedemptionHistoryEntry {
  return {
    id: nextId++,
    occurredAt: '2026-11-20T03:00:00.000Z',
    action: 'otp-sent',
    from: 'PREPARATION',
    to: 'PREPARATION',
    reason: null,
    admin: { id: 1, fullName: 'Ayu Lestari' },
    confirmedBy: null,
    ...overrides,
  };
}

export function createDenomination(overrides: Partial<Denomination> = {}): Denomination {
  const amount = overrides.amount ?? 40;
  const redeemed = overrides.redeemed ?? 10;
  const reserved = overrides.reserved ?? 4;
  return {
    id: nextId++,
    denom: 10,
    redeemable: true,
    createdAt: '2024-09-14T02:00:00.000Z',
    updatedAt: '2024-09-14T02:00:00.000Z',
    amount,
    redeemed,
    reserved,
    available: amount - redeemed,
    physicalGoldRedeems: [],
    byLocation: [],
    ...overrides,
  };
}

/**
 * A stand-in for one redemption on the API: GET /admin/redeem/{id} answers its current state and
 * the actions change it as the server would, so a test sees the page reload what changed.
 * `fail` answers an action with an error instead.
 */
export function redemptionServer(initial: RedemptionDetail, options: { code?: string } = {}) {
  let state = initial;
  const code = options.code ?? '123456';
  const fails: Partial<Record<RedemptionAction, Handler>> = {};
  const set = (status: RedemptionStatus, patch: Partial<RedemptionDetail> = {}) => {
    state = {
      ...state,
      status,
      details: status === 'REJECTED' ? state.details : null,
      otpStatus: { verified: false, verifiedUntil: null, codeExpiresAt: null, attemptsLeft: 0, nextSendAt: null },
      allowedActions: allowedFor(status, false, false),
      identityCheck: null,
      ...patch,
    };
    return jsonResponse(200, state);
  };
  const action =
    (name: RedemptionAction, run: (request: StubbedRequest) => Response): Handler =>
    (request) => {
      const fail = fails[name];
      return fail ? fail(request) : run(request);
    };
  const handlers: Handlers = {
    [`GET /admin/redeem/${initial.id}`]: () => jsonResponse(200, state),
    'POST /admin/redeem/sendotp': action('sendotp', () => {
      state = {
        ...state,
        otpStatus: {
          verified: false,
          verifiedUntil: null,
          codeExpiresAt: '2026-11-20T03:05:00.000Z',
          attemptsLeft: 5,
          nextSendAt: '2026-11-20T03:01:00.000Z',
        },
        allowedActions: allowedFor(state.status, false, state.identityCheck !== null),
      };
      return jsonResponse(200, {
        sentTo: 's***@example.com',
        expiresAt: '2026-11-20T03:05:00.000Z',
        nextSendAt: '2026-11-20T03:01:00.000Z',
      });
    }),
    'POST /admin/redeem/checkotp': action('checkotp', (request) => {
      const { otp } = request.body as { otp: string };
      if (otp !== code) return jsonResponse(400, errorBody(400, 'Bad Request', 'Wrong code: 4 tries left'));
      state = {
        ...state,
        otpStatus: { verified: true, verifiedUntil: '2026-11-20T03:10:00.000Z', codeExpiresAt: null, attemptsLeft: 0, nextSendAt: null },
        allowedActions: allowedFor(state.status, true, state.identityCheck !== null),
      };
      return jsonResponse(200, { verified: true, verifiedUntil: '2026-11-20T03:10:00.000Z' });
    }),
    [`POST /admin/redeem/${initial.id}/identity-check`]: action('identity-check', (request) => {
      const { documentType, last4 } = request.body as Pick<IdentityCheck, 'documentType' | 'last4'>;
      const identityCheck: IdentityCheck = {
        documentType,
        last4,
        checkedAt: '2026-11-20T03:02:00.000Z',
        checkedBy: { id: 1, fullName: 'Ayu Lestari' },
      };
      state = { ...state, identityCheck, allowedActions: allowedFor(state.status, state.otpStatus.verified, true) };
      return jsonResponse(201, state);
    }),
    'POST /admin/redeem/approve': action('approve', () => set('REDEEMED')),
    'POST /admin/redeem/prepare': action('prepare', () => set('ON_WEB2')),
    'POST /admin/redeem/reject': action('reject', (request) => set('REJECTED', { details: (request.body as { reason: string }).reason })),
    'POST /admin/redeem/reset': action('reset', () => set('REQUESTED')),
  };
  return {
    handlers,
    current: () => state,
    /** Answers this action with an error from now on. */
    fail: (name: RedemptionAction, handler: Handler) => {
      fails[name] = handler;
    },
  };
}
