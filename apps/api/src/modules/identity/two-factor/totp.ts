import { createHash, randomBytes } from 'node:crypto';
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

/** Ten one-use recovery codes, `abcde-fghij` (50 random bits each); only their hashes are stored. */
export function newRecoveryCodes(): string[] {
  const alphabet = 'abcdefghijkmnpqrstuvwxyz23456789';
  return Array.from({ length: 10 }, () => {
    const bytes = randomBytes(10);
    const text = Array.from(bytes, (b) => alphabet[b % alphabet.length]).join('');
    return `${text.slice(0, 5)}-${text.slice(5)}`;
  });
}

/** Recovery codes are compared without case or dash. */
export const hashRecoveryCode = (code: string) => createHash('sha256').update(code.toLowerCase().replace(/-/g, '')).digest('hex');

export const isRecoveryCodeShape = (code: string) => !/^\d{6}$/.test(code);
