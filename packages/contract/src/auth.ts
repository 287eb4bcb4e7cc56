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
  role: z.enum(adminRoles),
  status: z.enum(adminStatuses),
  /** The console's language this admin chose; the console applies it at sign-in. */
  language: z.enum(adminLanguages),
});
export type SignedInAdmin = z.infer<typeof signedInAdmin>;

export const sessionResponse = z.object({ admin: signedInAdmin });
export type SessionResponse = z.infer<typeof sessionResponse>;
