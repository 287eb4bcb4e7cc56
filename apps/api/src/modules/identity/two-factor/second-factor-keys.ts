import { createCipheriv, createDecipheriv, createHash, createHmac, hkdfSync, randomBytes } from 'node:crypto';

/**
 * The keys that protect second factors at rest, derived (HKDF-SHA256) from the server key
 * (OTP_HASH_KEY, kept outside the database): one encrypts TOTP secrets (AES-256-GCM), the other
 * keys the HMAC of recovery codes. A copy of the database alone gives neither secrets nor codes.
 */
export interface SecondFactorKeys {
  totp: Buffer;
  recovery: Buffer;
}

export function secondFactorKeys(serverKey: Buffer): SecondFactorKeys {
  const derive = (purpose: string) => Buffer.from(hkdfSync('sha256', serverKey, 'gold-back-office', purpose, 32));
  return { totp: derive('totp-secret-v1'), recovery: derive('recovery-code-v1') };
}

const sealedPrefix = 'v1:';
const ivBytes = 12;
const tagBytes = 16;

/** Whether a stored TOTP secret is sealed (older rows held it in clear until the start-up sealed them). */
export const isSealed = (stored: string) => stored.startsWith(sealedPrefix);

/**
 * A TOTP secret as stored: `v1:` + base64url(iv | tag | ciphertext), bound to its admin (the
 * additional data), so a sealed value copied to another admin's row does not open.
 */
export function sealTotpSecret(keys: SecondFactorKeys, adminId: number, secret: string): string {
  const iv = randomBytes(ivBytes);
  const cipher = createCipheriv('aes-256-gcm', keys.totp, iv);
  cipher.setAAD(Buffer.from(`admin:${adminId}`));
  const body = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return sealedPrefix + Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
}

/** The TOTP secret behind a stored value; throws when it was sealed under another key or for another admin. */
export function openTotpSecret(keys: SecondFactorKeys, adminId: number, stored: string): string {
  if (!isSealed(stored)) return stored;
  const raw = Buffer.from(stored.slice(sealedPrefix.length), 'base64url');
  const decipher = createDecipheriv('aes-256-gcm', keys.totp, raw.subarray(0, ivBytes));
  decipher.setAAD(Buffer.from(`admin:${adminId}`));
  decipher.setAuthTag(raw.subarray(ivBytes, ivBytes + tagBytes));
  return Buffer.concat([decipher.update(raw.subarray(ivBytes + tagBytes)), decipher.final()]).toString('utf8');
}

/** Recovery codes are compared without case or dashes. */
const normalise = (code: string) => code.toLowerCase().replace(/-/g, '');

/** Codes of the first format (10 characters, 50 bits) were stored as a bare SHA-256; the start-up wraps those in the HMAC. */
const legacyCodeLength = 10;
const legacySha256 = (normalised: string) => createHash('sha256').update(normalised).digest('hex');

const hmac = (keys: SecondFactorKeys, text: string) => createHmac('sha256', keys.recovery).update(text).digest('hex');

/** What is stored for a recovery code: `h1:` HMAC of the code, or `h0:` HMAC of an older code's SHA-256. */
export function recoveryCodeHash(keys: SecondFactorKeys, code: string): string {
  const normalised = normalise(code);
  return normalised.length === legacyCodeLength ? `h0:${hmac(keys, legacySha256(normalised))}` : `h1:${hmac(keys, normalised)}`;
}

/** A stored bare SHA-256 of an older code, wrapped in the HMAC (what recoveryCodeHash gives for that code). */
export const wrapLegacyRecoveryHash = (keys: SecondFactorKeys, sha256Hex: string) => `h0:${hmac(keys, sha256Hex)}`;

/** Whether a stored recovery code hash is keyed (h0:/h1:). */
export const isKeyedRecoveryHash = (stored: string) => /^h[01]:/.test(stored);
