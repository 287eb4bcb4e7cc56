import { z } from 'zod';

/** A code from the app (6 digits) or one of the recovery codes (`abcd-efgh-jkmn-pqrs-tuvw-xyz2`; older ones `abcde-fghij`). */
export const secondFactorCode = z
  .string()
  .trim()
  .regex(/^(\d{6}|(?:[A-Za-z0-9]{4}-?){5}[A-Za-z0-9]{4}|[A-Za-z0-9]{5}-?[A-Za-z0-9]{5})$/, 'code must be 6 digits or a recovery code');

/**
 * `reauth` in the body of a sensitive change (second-factor set-up, resetting another admin's
 * second factor, adding an admin, and any later change that needs it): the signed-in admin's
 * password and, when it has a second factor, a code from the app or a recovery code. Checked and
 * throttled like a sign-in; missing or wrong is a 400 naming body.reauth(.password/.code), never a
 * 401 (which would sign the console out). A stolen session alone makes none of these changes.
 */
export const reauthentication = z.strictObject({
  password: z.string().min(1, 'password is required').max(1024),
  code: secondFactorCode.optional(),
});
export type Reauthentication = z.infer<typeof reauthentication>;
