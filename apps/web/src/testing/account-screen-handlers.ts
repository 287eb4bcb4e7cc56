import type { AccountProfile } from '@gold/contract';
import { jsonResponse, type Handlers } from './http';
import { testAdmin } from './render-app';

/** The signed-in admin's profile (`testAdmin`), two-factor sign-in off. */
export function testProfile(overrides: Partial<AccountProfile> = {}): AccountProfile {
  return {
    ...testAdmin,
    twoFactorEnabled: false,
    createdAt: '2026-01-05T02:00:00.000Z',
    lastSignInAt: '2026-11-20T03:15:00.000Z',
    passwordChangedAt: '2026-01-05T02:00:00.000Z',
    ...overrides,
  };
}

/** What the profile screen calls, answered for `testAdmin` (the route table's tests open every screen). */
export const accountScreenHandlers: Handlers = {
  'GET /account/profile': () => jsonResponse(200, { data: testProfile() }),
};
