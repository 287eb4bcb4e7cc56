import { z } from 'zod';
import { signedInAdmin, signInSessionResponse } from './auth';
import { newPassword, passwordMismatchMessage, phoneNumberInput } from './admins';
import { adminLanguages } from './enums';
import { reauthentication, secondFactorCode } from './reauthentication';

// ---------------------------------------------------------------------------------------------
// Profile: GET/POST /account/profile, POST /account/password
// ---------------------------------------------------------------------------------------------

/** The signed-in admin's own account. */
export const accountProfile = signedInAdmin.extend({
  twoFactorEnabled: z.boolean(),
  createdAt: z.string(),
  lastSignInAt: z.string().nullable(),
  passwordChangedAt: z.string(),
});
export type AccountProfile = z.infer<typeof accountProfile>;

export const accountProfileResponse = z.object({ data: accountProfile });
export type AccountProfileResponse = z.infer<typeof accountProfileResponse>;

/** POST /account/profile: the phone number (checked and stored in E.164; empty or null removes it). */
export const updateProfileBody = z.strictObject({ phoneNumber: phoneNumberInput.nullable() });
export type UpdateProfileBody = z.input<typeof updateProfileBody>;

/** PUT /admin/profile/language: the console language remembered for the signed-in admin. */
export const updateLanguageBody = z.strictObject({ language: z.enum(adminLanguages) });
export type UpdateLanguageBody = z.infer<typeof updateLanguageBody>;

export const updateLanguageResponse = z.object({ language: z.enum(adminLanguages) });
export type UpdateLanguageResponse = z.infer<typeof updateLanguageResponse>;

/**
 * POST /account/password: only with the right current password (a wrong one is 400 naming
 * body.currentPassword, throttled like sign-in: 429 with Retry-After) and, when the admin has a
 * second factor, a code from the app or a recovery code (`code`; missing or wrong: 400 naming
 * body.code). Ends the admin's other sessions.
 */
export const changePasswordBody = z
  .strictObject({
    currentPassword: z.string().min(1, 'currentPassword is required').max(1024),
    /** The second factor, required when one is enrolled (re-authentication, as `reauth.code` elsewhere). */
    code: secondFactorCode.optional(),
    password: newPassword,
    confirmPassword: z.string().max(1024),
  })
  .refine((body) => body.password === body.confirmPassword, { message: passwordMismatchMessage, path: ['confirmPassword'] });
export type ChangePasswordBody = z.input<typeof changePasswordBody>;

export const changePasswordResponse = z.object({ changed: z.literal(true), endedSessions: z.number().int().nonnegative() });
export type ChangePasswordResponse = z.infer<typeof changePasswordResponse>;

// ---------------------------------------------------------------------------------------------
// Two-factor sign-in (TOTP, RFC 6238: 6 digits, 30 s steps, SHA-1 as authenticator apps expect)
// ---------------------------------------------------------------------------------------------

/** A 6-digit code from the authenticator app. */
export const totpCode = z.string().regex(/^\d{6}$/, 'code must be 6 digits');

/** POST /account/two-factor/setup (and /admin/login/two-factor/setup): a new secret to scan; not active until confirmed with a code. */
export const twoFactorSetupResponse = z.object({
  /** Base32, for typing into the app by hand. */
  secret: z.string(),
  otpauthUri: z.string(),
  /** The otpauth URI as a QR code, a data:image/png URL (allowed by the CSP's img-src). */
  qrCodeDataUrl: z.string(),
});
export type TwoFactorSetupResponse = z.infer<typeof twoFactorSetupResponse>;

/** POST /account/two-factor/enable: completes enrolment with a valid code from the app. */
export const twoFactorEnableBody = z.strictObject({ code: totpCode });
export type TwoFactorEnableBody = z.infer<typeof twoFactorEnableBody>;

/** Ten one-use recovery codes, shown once (the server keeps only their hashes). */
export const recoveryCodesResponse = z.object({ recoveryCodes: z.array(z.string()) });
export type RecoveryCodesResponse = z.infer<typeof recoveryCodesResponse>;

/**
 * POST /admin/login when a second step is needed: no session yet, a short-lived token for it.
 * `required`: send the app's code (or a recovery code) to POST /admin/login/two-factor.
 * `enrol`: two-factor is mandatory and not set up: POST /admin/login/two-factor/setup, then /enable.
 */
export const twoFactorChallenge = z.object({
  twoFactor: z.enum(['required', 'enrol']),
  token: z.string(),
  expiresAt: z.string(),
});
export type TwoFactorChallenge = z.infer<typeof twoFactorChallenge>;

/** POST /admin/login answers the session (`{admin}`) or, with two-factor, a challenge. */
export const loginResponse = z.union([signInSessionResponse, twoFactorChallenge]);
export type LoginResponse = z.infer<typeof loginResponse>;

const challengeToken = z.string().min(20, 'token is not valid').max(100, 'token is not valid');

/** POST /admin/login/two-factor: the challenge's token and a code (or recovery code); starts the session. */
export const loginTwoFactorBody = z.strictObject({ token: challengeToken, code: secondFactorCode });
export type LoginTwoFactorBody = z.infer<typeof loginTwoFactorBody>;

/** POST /admin/login/two-factor/setup: enrolment forced at sign-in (REQUIRE_TWO_FACTOR). */
export const loginTwoFactorSetupBody = z.strictObject({ token: challengeToken });
export type LoginTwoFactorSetupBody = z.infer<typeof loginTwoFactorSetupBody>;

/** POST /admin/login/two-factor/enable: completes forced enrolment and starts the session. */
export const loginTwoFactorEnableBody = z.strictObject({ token: challengeToken, code: totpCode });
export type LoginTwoFactorEnableBody = z.infer<typeof loginTwoFactorEnableBody>;

export const loginTwoFactorEnableResponse = signInSessionResponse.extend({ recoveryCodes: z.array(z.string()) });
export type LoginTwoFactorEnableResponse = z.infer<typeof loginTwoFactorEnableResponse>;

// ---------------------------------------------------------------------------------------------
// Re-authentication for sensitive changes
// ---------------------------------------------------------------------------------------------

/** The body of a change that needs nothing but re-authentication. */
export const reauthBody = z.strictObject({ reauth: reauthentication.optional() });
export type ReauthBody = z.infer<typeof reauthBody>;

// ---------------------------------------------------------------------------------------------
// Your sessions: GET /account/sessions, POST /account/sessions/end-others
// ---------------------------------------------------------------------------------------------

/** One of the signed-in admin's live sessions: where and on what it was opened, and its last use. */
export const accountSession = z.object({
  id: z.number().int().positive(),
  /** The browser's User-Agent as sent at sign-in (null when none was sent). */
  device: z.string().nullable(),
  ipAddress: z.string().nullable(),
  createdAt: z.string(),
  lastSeenAt: z.string(),
  /** The session of this request. */
  current: z.boolean(),
});
export type AccountSession = z.infer<typeof accountSession>;

export const accountSessionsResponse = z.object({ data: z.array(accountSession) });
export type AccountSessionsResponse = z.infer<typeof accountSessionsResponse>;

export const endOtherSessionsResponse = z.object({ endedSessions: z.number().int().nonnegative() });
export type EndOtherSessionsResponse = z.infer<typeof endOtherSessionsResponse>;
