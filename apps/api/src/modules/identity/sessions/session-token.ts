import { createHash, randomBytes } from 'node:crypto';

/** 256-bit random session token; only its SHA-256 is stored, so a database leak yields no live cookies. */
export const newSessionToken = () => randomBytes(32).toString('base64url');
export const hashSessionToken = (token: string) => createHash('sha256').update(token).digest('hex');
