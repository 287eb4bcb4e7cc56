import { hash, verify } from '@node-rs/argon2';
import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary } from '@zxcvbn-ts/language-common';

// argon2id (the library's default algorithm) with OWASP's minimum parameters: about 15 ms a hash here.
const argon2Options = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string) => hash(password, argon2Options);

/** A hash argon2 can verify: anything else (`!unusable`, empty, another scheme) is never checked directly. */
const usableHashPattern = /^\$argon2id\$v=19\$m=\d{1,7},t=\d{1,3},p=\d{1,3}\$[A-Za-z0-9+/]{16,}\$[A-Za-z0-9+/]{32,}$/;
const isUsablePasswordHash = (passwordHash: string | null | undefined): passwordHash is string =>
  typeof passwordHash === 'string' && usableHashPattern.test(passwordHash);

/** Verifying against this keeps an unknown e-mail or an unusable hash as slow as a wrong password. */
let decoyHash: Promise<string> | undefined;
export const decoyPasswordHash = () => (decoyHash ??= hashPassword('decoy password that never matches'));

let completedVerifications = 0;
/** How many argon2 verifications this process has run (sign-in tests count them to prove the cost of each path). */
export const passwordVerificationCount = () => completedVerifications;

async function argon2Verify(passwordHash: string, password: string): Promise<boolean | null> {
  try {
    const matches = await verify(passwordHash, password);
    completedVerifications++;
    return matches;
  } catch {
    // A malformed hash fails while decoding, before any hashing work.
    return null;
  }
}

/**
 * True when the password matches the stored hash. Every call runs exactly one argon2
 * verification: a missing or unusable hash (no account, inactive account, `!unusable`) is
 * swapped for the decoy, which never matches, so no path answers faster than a wrong password.
 */
export async function verifyPassword(passwordHash: string | null | undefined, password: string): Promise<boolean> {
  if (isUsablePasswordHash(passwordHash)) {
    const matches = await argon2Verify(passwordHash, password);
    if (matches !== null) return matches;
  }
  await argon2Verify(await decoyPasswordHash(), password);
  return false;
}

const strength = new ZxcvbnFactory({ dictionary, graphs: adjacencyGraphs });

const passwordMinLength = 12;
const passwordMaxLength = 128;

/** decisions.md: 12 to 128 characters, common or guessable passwords refused. Returns the reason or null. */
export function passwordPolicyViolation(password: string, userInputs: string[] = []): string | null {
  if (password.length < passwordMinLength) return `password must be at least ${passwordMinLength} characters`;
  if (password.length > passwordMaxLength) return `password must be at most ${passwordMaxLength} characters`;
  // Names and e-mails count word by word ('siti.rahayu@x' gives siti, rahayu, x).
  const words = userInputs.flatMap((input) => input.toLowerCase().split(/[^\p{L}\p{N}]+/u)).filter((w) => w.length >= 4);
  const lowered = password.toLowerCase();
  if (words.some((word) => lowered.includes(word))) return 'password must not contain your name or e-mail';
  const result = strength.check(password, words);
  if (result.score < 3) return 'password is too common or easy to guess';
  return null;
}
