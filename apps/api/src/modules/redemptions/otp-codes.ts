import { createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { sharedSecret } from '../../config/app-secrets';
import type { Executor } from '../../db/client';

/** One-time codes for collection at the counter (../shared/design/decisions.md). */
export const otpPolicy = {
  /** A code is valid this long after it is sent. */
  validSeconds: 5 * 60,
  /** Wrong tries a code survives; after them a new code is needed. */
  maxWrongTries: 5,
  /** At most one send per redemption in this time. */
  resendSeconds: 60,
  /** A right code allows approve for this long. */
  verifiedSeconds: 10 * 60,
} as const;

/** Six digits from the CSPRNG, leading zeros kept. */
export function newOtpCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

/**
 * What the database keeps instead of the code: HMAC-SHA256 under a server key, bound to the
 * redemption. A million codes are quick to try against a plain hash; without the key a
 * stolen table gives nothing.
 */
export function hashOtp(key: Buffer, redemptionId: number, code: string): string {
  return createHmac('sha256', key).update(`redemption:${redemptionId}:${code}`).digest('hex');
}

/** Compares in constant time. */
export function otpMatches(key: Buffer, redemptionId: number, code: string, storedHash: string): boolean {
  const given = Buffer.from(hashOtp(key, redemptionId, code), 'hex');
  const stored = Buffer.from(storedHash, 'hex');
  return given.length === stored.length && timingSafeEqual(given, stored);
}

/**
 * The key codes are hashed with: OTP_HASH_KEY when set (kept outside the database, in the
 * operator's secret store), else 32 random bytes made on the first start and kept in the
 * database, so a code sent by one API process is checked by any other (docs/deployment.md says
 * how to rotate it).
 */
export async function otpHashKey(db: Executor, configured: string | undefined): Promise<Buffer> {
  if (configured) return Buffer.from(configured, 'utf8');
  return Buffer.from(await sharedSecret(db, 'otp_hash_key', () => randomBytes(32).toString('hex')), 'hex');
}
