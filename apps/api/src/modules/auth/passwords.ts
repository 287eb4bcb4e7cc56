import { hash, verify } from '@node-rs/argon2';
import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary } from '@zxcvbn-ts/language-common';

// argon2id (the library's default algorithm) with OWASP's minimum parameters: about 15 ms a hash here.
const argon2Options = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string) => hash(password, argon2Options);

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/** Verifying against this keeps an unknown e-mail as slow as a wrong password. */
let decoyHash: Promise<string> | undefined;
export const decoyPasswordHash = () => (decoyHash ??= hashPassword('decoy password that never matches'));

const strength = new ZxcvbnFactory({ dictionary, graphs: adjacencyGraphs });

export const passwordMinLength = 12;
export const passwordMaxLength = 128;

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
