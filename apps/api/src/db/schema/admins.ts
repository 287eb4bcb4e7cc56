import { sql } from 'drizzle-orm';
import { bigint, boolean, index, inet, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { adminLanguages, adminRoles, adminStatuses } from '@gold/contract';
import { createdAtColumn, timestamptz, updatedAtColumn } from './columns';
import { vaultLocations } from './vault-locations';

export const admins = pgTable(
  'admins',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    fullName: text('full_name').notNull(),
    email: text('email').notNull(),
    phoneNumber: text('phone_number'),
    passwordHash: text('password_hash').notNull(),
    role: text('role', { enum: adminRoles }).notNull().default('Administrator'),
    status: text('status', { enum: adminStatuses }).notNull().default('Activated'),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
    passwordChangedAt: timestamptz('password_changed_at').notNull().defaultNow(),
    lastSignInAt: timestamptz('last_sign_in_at'),
    /** Set when the admin is deleted: deactivated and hidden from the list, its history kept. */
    deletedAt: timestamptz('deleted_at'),
    /** TOTP secret (base32) once enrolment is confirmed; null without two-factor sign-in. */
    twoFactorSecret: text('two_factor_secret'),
    /** A secret being enrolled, waiting for its first valid code. */
    twoFactorPendingSecret: text('two_factor_pending_secret'),
    twoFactorEnabledAt: timestamptz('two_factor_enabled_at'),
    /** The last TOTP time step accepted: a code is accepted once, and never an older one. */
    twoFactorLastStep: bigint('two_factor_last_step', { mode: 'number' }),
    /** The console's language chosen by this admin, applied at each sign-in. */
    language: text('language', { enum: adminLanguages }).notNull().default('en'),
    /** A teller's location: their counter actions are limited to redemptions collected there. Null: every location. */
    locationId: integer('location_id').references(() => vaultLocations.id),
  },
  (t) => [
    // E-mail identifies an admin regardless of case.
    uniqueIndex('admins_email_lower_key').on(sql`lower(${t.email})`),
    index('admins_created_at_idx').on(t.createdAt),
  ],
);

/** Database-backed sessions: only a SHA-256 of the cookie token is stored. */
export const adminSessions = pgTable(
  'admin_sessions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    tokenHash: text('token_hash').notNull().unique(),
    adminId: integer('admin_id')
      .notNull()
      .references(() => admins.id, { onDelete: 'cascade' }),
    createdAt: createdAtColumn(),
    lastSeenAt: timestamptz('last_seen_at').notNull().defaultNow(),
    expiresAt: timestamptz('expires_at').notNull(),
    endedAt: timestamptz('ended_at'),
    ipAddress: inet('ip_address'),
    userAgent: text('user_agent'),
  },
  (t) => [index('admin_sessions_admin_id_idx').on(t.adminId)],
);

/** Sign-in attempts, kept in the database so throttling holds across API processes. */
export const signInAttempts = pgTable(
  'sign_in_attempts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    email: text('email').notNull(),
    ipAddress: inet('ip_address').notNull(),
    succeeded: boolean('succeeded').notNull(),
    attemptedAt: timestamptz('attempted_at').notNull().defaultNow(),
  },
  (t) => [index('sign_in_attempts_email_idx').on(t.email, t.attemptedAt), index('sign_in_attempts_ip_idx').on(t.ipAddress, t.attemptedAt)],
);

/** One-use recovery codes of an admin's second factor; only a SHA-256 of each is stored. */
export const adminRecoveryCodes = pgTable(
  'admin_recovery_codes',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    adminId: integer('admin_id')
      .notNull()
      .references(() => admins.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamptz('used_at'),
    createdAt: createdAtColumn(),
  },
  (t) => [uniqueIndex('admin_recovery_codes_admin_code_key').on(t.adminId, t.codeHash)],
);

/** The second step of a sign-in: a short-lived token (stored hashed) given after the right password. */
export const signInChallenges = pgTable(
  'sign_in_challenges',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    tokenHash: text('token_hash').notNull().unique(),
    adminId: integer('admin_id')
      .notNull()
      .references(() => admins.id, { onDelete: 'cascade' }),
    /** required: the admin has a second factor; enrol: it must set one up first (REQUIRE_TWO_FACTOR). */
    kind: text('kind', { enum: ['required', 'enrol'] }).notNull(),
    createdAt: createdAtColumn(),
    expiresAt: timestamptz('expires_at').notNull(),
    usedAt: timestamptz('used_at'),
    ipAddress: inet('ip_address'),
  },
  (t) => [index('sign_in_challenges_admin_id_idx').on(t.adminId)],
);
