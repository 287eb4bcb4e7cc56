import { readFileSync, statSync } from 'node:fs';
import { Keystore } from 'ox';
import type { Hex } from 'viem';
import { privateKeyToAccount, type LocalAccount } from 'viem/accounts';

/**
 * The signer's key, from one of three places (never from the API: the API process does not read
 * these variables, see signer-isolation.test.ts):
 * - SIGNER_KEYSTORE: an encrypted Web3 Secret Storage v3 file (geth, clef, `cast wallet`),
 *   opened with SIGNER_KEYSTORE_PASSWORD or SIGNER_KEYSTORE_PASSWORD_FILE;
 * - SIGNER_PRIVATE_KEY: the key itself in the signer's environment;
 * - SIGNER_ANVIL_DEV_KEY=true: anvil's well-known first account, for the demo chain only
 *   (refused unless the node says it is anvil).
 */
export class SignerKeyError extends Error {}

/** anvil's first dev account (mnemonic "test test ... junk"): public knowledge, the demo chain's token owner. */
export const anvilDevKey: Hex = '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80';

export type SignerKeySource =
  { kind: 'keystore'; path: string; password: string } | { kind: 'private-key'; key: Hex } | { kind: 'anvil-dev-key' };

interface KeyEnv {
  SIGNER_KEYSTORE?: string;
  SIGNER_KEYSTORE_PASSWORD?: string;
  SIGNER_KEYSTORE_PASSWORD_FILE?: string;
  SIGNER_PRIVATE_KEY?: string;
  SIGNER_ANVIL_DEV_KEY?: boolean;
}

/** Exactly one source; a keystore's password given once (inline or as a file kept from group and others). */
export function signerKeySource(env: KeyEnv): SignerKeySource {
  const given = [
    env.SIGNER_KEYSTORE && 'SIGNER_KEYSTORE',
    env.SIGNER_PRIVATE_KEY && 'SIGNER_PRIVATE_KEY',
    env.SIGNER_ANVIL_DEV_KEY && 'SIGNER_ANVIL_DEV_KEY',
  ].filter(Boolean);
  if (given.length === 0) {
    throw new SignerKeyError(
      'no key: set SIGNER_KEYSTORE (with SIGNER_KEYSTORE_PASSWORD or SIGNER_KEYSTORE_PASSWORD_FILE) or SIGNER_PRIVATE_KEY',
    );
  }
  if (given.length > 1) throw new SignerKeyError(`one key source only, not ${given.join(' and ')}`);
  if (env.SIGNER_ANVIL_DEV_KEY) return { kind: 'anvil-dev-key' };
  if (env.SIGNER_PRIVATE_KEY) {
    const key = env.SIGNER_PRIVATE_KEY.trim();
    const hex = (key.startsWith('0x') ? key : `0x${key}`) as Hex;
    if (!/^0x[0-9a-fA-F]{64}$/.test(hex)) throw new SignerKeyError('SIGNER_PRIVATE_KEY must be 32 bytes in hex');
    return { kind: 'private-key', key: hex };
  }
  const path = env.SIGNER_KEYSTORE!;
  if (env.SIGNER_KEYSTORE_PASSWORD !== undefined && env.SIGNER_KEYSTORE_PASSWORD_FILE) {
    throw new SignerKeyError('SIGNER_KEYSTORE_PASSWORD and SIGNER_KEYSTORE_PASSWORD_FILE: set one, not both');
  }
  if (env.SIGNER_KEYSTORE_PASSWORD !== undefined) return { kind: 'keystore', path, password: env.SIGNER_KEYSTORE_PASSWORD };
  const file = env.SIGNER_KEYSTORE_PASSWORD_FILE;
  if (!file) throw new SignerKeyError('SIGNER_KEYSTORE needs SIGNER_KEYSTORE_PASSWORD or SIGNER_KEYSTORE_PASSWORD_FILE');
  try {
    if ((statSync(file).mode & 0o077) !== 0)
      throw new SignerKeyError(`SIGNER_KEYSTORE_PASSWORD_FILE: ${file} is readable by group or others: chmod 600 it`);
    // A trailing newline (echo > file) is not part of the password.
    return { kind: 'keystore', path, password: readFileSync(file, 'utf8').replace(/\r?\n$/, '') };
  } catch (error) {
    if (error instanceof SignerKeyError) throw error;
    throw new SignerKeyError(`SIGNER_KEYSTORE_PASSWORD_FILE: cannot read ${file} (${(error as Error).message})`);
  }
}

/** Decrypts a Web3 Secret Storage v3 keystore (scrypt or PBKDF2, AES-128-CTR); a wrong password fails its MAC. */
export async function decryptKeystore(json: string, password: string): Promise<Hex> {
  let parsed: Record<string, unknown>;
  try {
    parsed = JSON.parse(json) as Record<string, unknown>;
  } catch {
    throw new SignerKeyError('the keystore is not JSON');
  }
  // Older tools (MyEtherWallet) wrote "Crypto".
  const crypto = (parsed.crypto ?? parsed.Crypto) as Keystore.Keystore['crypto'] | undefined;
  if (parsed.version !== 3 || !crypto || crypto.cipher !== 'aes-128-ctr' || (crypto.kdf !== 'scrypt' && crypto.kdf !== 'pbkdf2')) {
    throw new SignerKeyError('the keystore is not a Web3 Secret Storage v3 file (aes-128-ctr, scrypt or pbkdf2)');
  }
  const keystore = { crypto, id: String(parsed.id ?? ''), version: 3 } as Keystore.Keystore;
  const key = await Keystore.toKeyAsync(keystore, { password: password.normalize('NFKC') });
  let secret: Hex;
  try {
    secret = Keystore.decrypt(keystore, key);
  } catch {
    throw new SignerKeyError('the keystore does not open: wrong password, or a damaged file');
  }
  if (!/^0x[0-9a-f]{64}$/i.test(secret)) throw new SignerKeyError('the keystore does not hold a 32-byte key');
  return secret;
}

/** The account the signer signs with. `nodeIsAnvil` is asked only for the dev key. */
export async function loadSignerAccount(source: SignerKeySource, nodeIsAnvil: () => Promise<boolean>): Promise<LocalAccount> {
  switch (source.kind) {
    case 'private-key':
      return privateKeyToAccount(source.key);
    case 'anvil-dev-key':
      if (!(await nodeIsAnvil()))
        throw new SignerKeyError('SIGNER_ANVIL_DEV_KEY is for the demo chain only: the node at RPC_URL is not anvil');
      return privateKeyToAccount(anvilDevKey);
    case 'keystore': {
      let json: string;
      try {
        json = readFileSync(source.path, 'utf8');
      } catch (error) {
        throw new SignerKeyError(`SIGNER_KEYSTORE: cannot read ${source.path} (${(error as Error).message})`);
      }
      return privateKeyToAccount(await decryptKeystore(json, source.password));
    }
  }
}
