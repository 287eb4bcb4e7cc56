import { z } from 'zod';
import { adminLanguages, adminRoles, adminStatuses } from './enums';

/** Sign-in form (spec 3): email and password, both required. */
export const loginBody = z.object({
  email: z.string().trim().min(1, 'email is required').max(254).pipe(z.email('email must be an email address')),
  password: z.string().min(1, 'password is required').max(1024),
});
export type LoginBody = z.infer<typeof loginBody>;

/** The admin who holds the current session. */
export const signedInAdmin = z.object({
  id: z.number().int(),
  fullName: z.string(),
  email: z.string(),
  phoneNumber: z.string().nullable(),
  /** What the admin may do (permissions.ts): the server checks it on every route, the console shows only that. */
  role: z.enum(adminRoles),
  /** A Teller's vault location (their counter work is limited to redemptions collected there); null for the other roles. */
  locationId: z.number().int().positive().nullable(),
  status: z.enum(adminStatuses),
  /** The console's language this admin chose; the console applies it at sign-in. */
  language: z.enum(adminLanguages),
});
export type SignedInAdmin = z.infer<typeof signedInAdmin>;

export const sessionResponse = z.object({ admin: signedInAdmin });
export type SessionResponse = z.infer<typeof sessionResponse>;

/**
 * A time sign-in attempts for the admin's account were held back since its previous sign-in: too
 * many failures from one address (`account-address`), or for the account from everywhere
 * (`account`), with the password or the second factor. Shown once, at the next sign-in.
 */
export const signInLock = z.object({
  occurredAt: z.string(),
  ipAddress: z.string().nullable(),
  scope: z.enum(['account-address', 'account']),
  factor: z.enum(['password', 'second-factor']),
});
export type SignInLock = z.infer<typeof signInLock>;

/** A sign-in that opened a session: the admin, and the locking events since its previous sign-in (newest first). */
export const signInSessionResponse = sessionResponse.extend({ signInLocks: z.array(signInLock).optional() });
export type SignInSessionResponse = z.infer<typeof signInSessionResponse>;
