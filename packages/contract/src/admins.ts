import { z } from 'zod';
import { adminRoles, adminStatuses } from './enums';
import { plainText } from './common';
import { listQuery, pageOf, searchText } from './list';
import { reauthentication } from './reauthentication';

const rowId = z.number().int().positive();

/** Shortest and longest password the policy allows (decisions.md); the server also refuses common or guessable ones. */
export const passwordLengths = { min: 12, max: 128 } as const;

/** The dialog text of the spec when the two passwords differ. */
export const passwordMismatchMessage = 'Password is Not Match';

/** A new password: 12 to 128 characters (the server adds the strength and name checks, naming body.password). */
export const newPassword = z
  .string()
  .min(passwordLengths.min, `password must be at least ${passwordLengths.min} characters`)
  .max(passwordLengths.max, `password must be at most ${passwordLengths.max} characters`);

/** An e-mail address as typed: trimmed, at most 254 characters. Unique among admins regardless of case. */
export const emailAddress = z.string().trim().min(1, 'email is required').max(254).pipe(z.email('email must be an email address'));

/**
 * A phone number as typed (`0812-3456-7890`, `+62 812 3456 7890`): digits and + ( ) - . spaces, at most 32 characters.
 * The server checks it is a real number (libphonenumber, Indonesia when there is no +country code) and stores it in E.164
 * (`+6281234567890`); an empty one means none.
 */
export const phoneNumberInput = z
  .string()
  .trim()
  .max(32, 'phoneNumber must be at most 32 characters')
  .regex(/^[+\d\s().-]*$/, 'phoneNumber must be a phone number (digits, +, spaces, dashes, dots, parentheses)');

// ---------------------------------------------------------------------------------------------
// Admin list: GET /admin/list/admins, GET /admin/count/admins
// ---------------------------------------------------------------------------------------------

export const adminSortFields = ['createdAt', 'fullName', 'email', 'status'] as const;
export type AdminSortField = (typeof adminSortFields)[number];

/** GET /admin/list/admins: newest first; `search` matches name or e-mail; deleted admins are never listed. */
export const adminListQuery = listQuery({
  sort: adminSortFields,
  defaultSort: 'createdAt',
  defaultOrder: 'desc',
  filters: { search: searchText.optional(), status: z.enum(adminStatuses).optional() },
});
export type AdminListQuery = z.infer<typeof adminListQuery>;

/** The spec's Admin entity: `fullName` and its spelling `fullname` carry the same name; `type` is the role as the list shows it. */
export const adminListItem = z.object({
  id: rowId,
  fullName: z.string(),
  fullname: z.string(),
  email: z.string(),
  /** E.164 (`+6281234567890`) or null. */
  phoneNumber: z.string().nullable(),
  type: z.enum(adminRoles),
  /** What the admin may do (permissions.ts). */
  role: z.enum(adminRoles),
  /** A Teller's vault location (id and code, e.g. JKT-01); null for the other roles. */
  locationId: rowId.nullable(),
  locationCode: z.string().nullable(),
  status: z.enum(adminStatuses),
  /** An authenticator app is enrolled (two-factor sign-in). */
  twoFactorEnabled: z.boolean(),
  createdAt: z.string(),
  lastSignInAt: z.string().nullable(),
});
export type AdminListItem = z.infer<typeof adminListItem>;

export const adminListResponse = pageOf(adminListItem);
export type AdminListResponse = z.infer<typeof adminListResponse>;

/** One admin as the detail page shows it. */
export const adminDetail = adminListItem.extend({
  updatedAt: z.string(),
  passwordChangedAt: z.string(),
});
export type AdminDetail = z.infer<typeof adminDetail>;

/** GET /admin/detail/{id}, and the answer of add, edit and delete: the spec reads `data[0]`. */
export const adminDetailResponse = z.object({ data: z.array(adminDetail) });
export type AdminDetailResponse = z.infer<typeof adminDetailResponse>;

// ---------------------------------------------------------------------------------------------
// Add, edit, delete
// ---------------------------------------------------------------------------------------------

/**
 * POST /admin/add (201), the spec's body {fullname, email, phoneNumber, password, status} with the role
 * as a choice: `role` (the console always sends it; left out, the spec's body, it is Administrator) and
 * `locationId`, required for a Teller and only for one (a 400 names it, as it does a location that
 * does not exist); `status` defaults to Activated.
 */
export const addAdminBody = z
  .strictObject({
    fullname: plainText('fullname', { min: 1, max: 100 }),
    email: emailAddress,
    phoneNumber: phoneNumberInput.nullable().optional(),
    password: newPassword,
    /** The form's second entry of the password; the spec's body has none, so it may be left out (when sent, it must match). */
    confirmPassword: z.string().max(1024).optional(),
    status: z.enum(adminStatuses).default('Activated'),
    role: z.enum(adminRoles).default('Administrator'),
    /** A Teller's vault location. */
    locationId: rowId.nullable().optional(),
    /** The adding admin's password (and second factor): required by the server, outside the spec's form (a dialog asks). */
    reauth: reauthentication.optional(),
  })
  .refine((body) => body.confirmPassword === undefined || body.password === body.confirmPassword, {
    message: passwordMismatchMessage,
    path: ['confirmPassword'],
  });
export type AddAdminBody = z.input<typeof addAdminBody>;

/**
 * POST /admin/edit/{id}: the status, and a new password when `password` is not empty (the detail page
 * sends both fields every time); `role` and `locationId` when given (left out: unchanged; a role other
 * than Teller drops the location). Deactivating ends that admin's sessions at once; a new password, a
 * role or a location ends its sessions. A new password or role needs the editing admin's `reauth`.
 * Nobody changes their own role, and the last active Administrator stays one (409).
 */
export const editAdminBody = z
  .strictObject({
    status: z.enum(adminStatuses),
    role: z.enum(adminRoles).optional(),
    /** A Teller's vault location; required when the admin becomes a Teller without one. */
    locationId: rowId.nullable().optional(),
    /** The editing admin's password (and second factor): required with a new password or a new role. */
    reauth: reauthentication.optional(),
    /** Empty or missing: the password stays. */
    password: z
      .string()
      .max(passwordLengths.max, `password must be at most ${passwordLengths.max} characters`)
      .refine((p) => p === '' || p.length >= passwordLengths.min, `password must be at least ${passwordLengths.min} characters`)
      .optional(),
    confirmPassword: z.string().max(1024).optional(),
  })
  .refine((body) => (body.password ?? '') === (body.confirmPassword ?? ''), {
    message: passwordMismatchMessage,
    path: ['confirmPassword'],
  });
export type EditAdminBody = z.input<typeof editAdminBody>;

/** POST /admin/delete/{id}: no body. Deactivates and hides the admin (its history stays); yourself and the last active Administrator are refused (409). */
export const deleteAdminResponse = adminDetailResponse;
export type DeleteAdminResponse = AdminDetailResponse;

/** POST /admin/two-factor/reset/{id}: removes that admin's authenticator and recovery codes (it enrols again at its next sign-in if required). */
export const resetTwoFactorResponse = adminDetailResponse;
