import { randomBytes } from 'node:crypto';
import { generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';

/** The issuer authenticator apps show beside the account. */
const issuer = 'Gold Back Office';

/** A new TOTP secret: 160 random bits in base32, as authenticator apps expect (SHA-1, 6 digits, 30 s). */
export const newTotpSecret = () => generateSecret({ length: 20 });

export function totpSetup(email: string, secret: string) {
  const otpauthUri = generateURI({ issuer, label: email, secret });
  return { secret, otpauthUri, qrCode: QRCode.toDataURL(otpauthUri, { errorCorrectionLevel: 'M', margin: 1, width: 240 }) };
}

/**
 * The time step of a valid code, or null. One step either side is accepted (clock drift), but
 * never a step at or before the last one accepted: a code works once.
 */
export async function acceptedTimeStep(secret: string, code: string, lastStep: number | null): Promise<number | null> {
  const result = await verify({ secret, token: code, epochTolerance: 30, ...(lastStep !== null ? { afterTimeStep: lastStep } : {}) });
  if (!result.valid) return null;
  const step = (result as { timeStep?: number }).timeStep;
  return typeof step === 'number' ? step : null;
}

/**
 * Ten one-use recovery codes, `abcd-efgh-jkmn-pqrs-tuvw-xyz2` (24 characters of a 32-letter
 * alphabet: 120 random bits each); only their keyed hashes are stored.
 */
export function newRecoveryCodes(): string[] {
  const alphabet = 'abcdefghijkmnpqrstuvwxyz23456789';
  return Array.from({ length: 10 }, () => {
    // 256 is a multiple of 32: every letter equally likely.
    const text = Array.from(randomBytes(24), (b) => alphabet[b % alphabet.length]).join('');
    return text.match(/.{4}/g)!.join('-');
  });
}

export const isRecoveryCodeShape = (code: string) => !/^\d{6}$/.test(code);
