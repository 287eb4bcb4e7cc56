import { z } from 'zod';
import { plainText } from './common';
import { reauthentication } from './reauthentication';

/** What a platform credential may do: one scope per group of platform calls. */
export const platformScopes = ['customers', 'kyc', 'purchases', 'prices', 'redemptions', 'webhooks'] as const;
export type PlatformScope = (typeof platformScopes)[number];

/** Audit actions of credentials and of the platform's calls (each entry names the credential in its details). */
export const platformAuditActions = [
  'credential.create',
  'credential.revoke',
  'platform.customer-register',
  'platform.customer-update',
  'platform.kyc-record',
  'platform.purchase-record',
  'platform.purchase-mint-link',
  'platform.price-record',
  'platform.redemption-request',
  'platform.redemption-cancel',
  'platform.webhook-subscribe',
  'platform.webhook-unsubscribe',
  'webhook.resend',
] as const;

/**
 * POST /admin/credentials: a name for people, the scopes, and an optional expiry (a future instant).
 * A credential is a new way in, like a new admin: the server requires `reauth` (a dialog asks).
 */
export const createCredentialBody = z.strictObject({
  name: plainText('name', { min: 1, max: 80 }),
  scopes: z
    .array(z.enum(platformScopes))
    .min(1, 'scopes must name at least one scope')
    .max(platformScopes.length)
    .refine((scopes) => new Set(scopes).size === scopes.length, 'scopes must not repeat a scope'),
  expiresAt: z.iso.datetime({ offset: true, message: 'expiresAt must be an ISO 8601 date and time' }).optional(),
  /** The creating admin's password (and second factor): required by the server, as for adding an admin. */
  reauth: reauthentication.optional(),
});
export type CreateCredentialBody = z.infer<typeof createCredentialBody>;

export const credentialStatuses = ['active', 'expired', 'revoked'] as const;
export type CredentialStatus = (typeof credentialStatuses)[number];

/** A credential as the console lists it: never its secret. */
export const credential = z.object({
  id: z.number().int().positive(),
  name: z.string(),
  scopes: z.array(z.enum(platformScopes)),
  /** The secret's first characters, to tell credentials apart. */
  tokenPrefix: z.string(),
  status: z.enum(credentialStatuses),
  createdAt: z.string(),
  expiresAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
  /** Within a minute. */
  lastUsedAt: z.string().nullable(),
  createdBy: z.object({ id: z.number().int().positive(), fullName: z.string() }).nullable(),
});
export type Credential = z.infer<typeof credential>;

export const credentialListResponse = z.object({ data: z.array(credential) });
export type CredentialListResponse = z.infer<typeof credentialListResponse>;

/** 201: the credential and its secret, shown this once (only a hash is kept). */
export const createdCredentialResponse = z.object({ credential, secret: z.string() });
export type CreatedCredentialResponse = z.infer<typeof createdCredentialResponse>;
