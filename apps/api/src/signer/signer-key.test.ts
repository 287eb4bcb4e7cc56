import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Keystore } from 'ox';
import { afterAll, describe, expect, it } from 'vitest';
import { anvilDevKey, decryptKeystore, loadSignerAccount, signerKeySource, SignerKeyError } from './signer-key';

/** The Web3 Secret Storage definition's own test vectors (password "testpassword"). */
const vectorSecret = '0x7a28b5ba57c53603b0b07b56bba752f7784bf506fa95edc395f5cf6c7514fe9d';
const pbkdf2Vector = {
  crypto: {
    cipher: 'aes-128-ctr',
    cipherparams: { iv: '6087dab2f9fdbbfaddc31a909735c1e6' },
    ciphertext: '5318b4d5bcd28de64ee5559e671353e16f075ecae9f99c7a79a38af5f869aa46',
    kdf: 'pbkdf2',
    kdfparams: { c: 262144, dklen: 32, prf: 'hmac-sha256', salt: 'ae3cd4e7013836a3df6bd7241b12db061dbe2c6785853cce422d148a624ce0bd' },
    mac: '517ead924a9d0dc3124507e3393d175ce3ff7c1e96529c6c555ce9e51205e9b2',
  },
  id: '3198bc9c-6672-5ab3-d995-4942343ae5b6',
  version: 3,
};
const scryptVector = {
  crypto: {
    cipher: 'aes-128-ctr',
    cipherparams: { iv: '83dbcc02d8ccb40e466191a123791e0e' },
    ciphertext: 'd172bf743a674da9cdad04534d56926ef8358534d458fffccd4e6ad2fbde479c',
    kdf: 'scrypt',
    kdfparams: { dklen: 32, n: 262144, p: 8, r: 1, salt: 'ab0c7876052600dd703518d6fc3fe8984592145b591fc8fb5c6d43190334ba19' },
    mac: '2103ac29920d71da29f15d75b4a16dbe95cfd7ff8faea1056c33131d846e3097',
  },
  id: '3198bc9c-6672-5ab3-d995-4942343ae5b6',
  version: 3,
};

const folder = mkdtempSync(join(tmpdir(), 'signer-key-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

describe('the signer key', () => {
  it('opens both test vectors of the keystore definition', async () => {
    expect(await decryptKeystore(JSON.stringify(pbkdf2Vector), 'testpassword')).toBe(vectorSecret);
    expect(await decryptKeystore(JSON.stringify(scryptVector), 'testpassword')).toBe(vectorSecret);
    // A safety net, not a speed check: both vectors derive their key with 2^18 rounds in JavaScript.
  }, 120_000);

  it('refuses a wrong password, a damaged file and what is not a keystore, naming no secret', async () => {
    // Light scrypt (n = 1024): the vectors' 2^18 rounds cost seconds each.
    const [key, options] = Keystore.scrypt({ password: 'right', n: 1024 });
    const light = Keystore.encrypt(vectorSecret, key, options);
    // Older tools wrote "Crypto".
    const { crypto, ...rest } = light;
    expect(await decryptKeystore(JSON.stringify({ ...rest, Crypto: crypto }), 'right')).toBe(vectorSecret);
    await expect(decryptKeystore(JSON.stringify(light), 'wrong')).rejects.toThrow(/wrong password, or a damaged file/);
    const damaged = { ...light, crypto: { ...light.crypto, ciphertext: `00${light.crypto.ciphertext.slice(2)}` } };
    await expect(decryptKeystore(JSON.stringify(damaged), 'right')).rejects.toThrow(SignerKeyError);
    await expect(decryptKeystore('{"version":1}', 'x')).rejects.toThrow(/not a Web3 Secret Storage v3 file/);
    await expect(decryptKeystore('not json', 'x')).rejects.toThrow(/not JSON/);
  });

  it('reads a keystore with its password file, refused while group or others may read the file', async () => {
    const [key, options] = Keystore.scrypt({ password: 'correct horse', n: 1024 });
    const path = join(folder, 'keystore.json');
    writeFileSync(path, JSON.stringify(Keystore.encrypt(anvilDevKey, key, options)));
    const passwordFile = join(folder, 'password');
    writeFileSync(passwordFile, 'correct horse\n', { mode: 0o644 });
    chmodSync(passwordFile, 0o644);
    expect(() => signerKeySource({ SIGNER_KEYSTORE: path, SIGNER_KEYSTORE_PASSWORD_FILE: passwordFile })).toThrow(/chmod 600/);
    chmodSync(passwordFile, 0o600);
    const source = signerKeySource({ SIGNER_KEYSTORE: path, SIGNER_KEYSTORE_PASSWORD_FILE: passwordFile });
    const account = await loadSignerAccount(source, async () => false);
    expect(account.address.toLowerCase()).toBe('0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266');
  });

  it('takes exactly one source', () => {
    expect(() => signerKeySource({})).toThrow(/no key/);
    expect(() => signerKeySource({ SIGNER_PRIVATE_KEY: anvilDevKey, SIGNER_ANVIL_DEV_KEY: true })).toThrow(/one key source only/);
    expect(() => signerKeySource({ SIGNER_KEYSTORE: '/k', SIGNER_KEYSTORE_PASSWORD: 'a', SIGNER_KEYSTORE_PASSWORD_FILE: '/p' })).toThrow(
      /set one, not both/,
    );
    expect(() => signerKeySource({ SIGNER_KEYSTORE: '/k' })).toThrow(/needs SIGNER_KEYSTORE_PASSWORD/);
    expect(() => signerKeySource({ SIGNER_PRIVATE_KEY: '0x1234' })).toThrow(/32 bytes in hex/);
    expect(signerKeySource({ SIGNER_PRIVATE_KEY: anvilDevKey.slice(2) })).toEqual({ kind: 'private-key', key: anvilDevKey });
  });

  it("uses anvil's dev key only on anvil", async () => {
    await expect(loadSignerAccount({ kind: 'anvil-dev-key' }, async () => false)).rejects.toThrow(/demo chain only/);
    const account = await loadSignerAccount({ kind: 'anvil-dev-key' }, async () => true);
    expect(account.address.toLowerCase()).toBe('0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266');
  });
});
