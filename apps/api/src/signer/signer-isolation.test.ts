import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { loadConfig } from '../config/config';
import { signerChildEnv } from './signer-child';
import { anvilDevKey } from './signer-key';

/**
 * The API process never reads or holds the signer's key (docs/deployment.md, "Signer"): its
 * configuration has no SIGNER_* key setting, its code names none, its bundle holds no key loader,
 * and the signer child it starts gets none of its environment.
 */
const srcRoot = join(import.meta.dirname, '..');
/** The key's own variables: only the signer's code reads them. */
const keyVariables = /SIGNER_PRIVATE_KEY|SIGNER_KEYSTORE_PASSWORD(?!_FILE)/;
const secretKey = '0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d';

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts'))
    .map((name) => join(folder, name));
}

describe('the API and the signer key', () => {
  it('the API configuration keeps no SIGNER_* setting, even when the environment has them', () => {
    const config = loadConfig({
      SIGNER_PRIVATE_KEY: secretKey,
      SIGNER_KEYSTORE: '/run/secrets/signer.json',
      SIGNER_KEYSTORE_PASSWORD: 'hunter2-signer-password',
      SIGNER_KEYSTORE_PASSWORD_FILE: '/run/secrets/signer-password',
      SIGNER_ANVIL_DEV_KEY: 'true',
    });
    expect(Object.keys(config).filter((key) => key.startsWith('SIGNER'))).toEqual([]);
    const text = JSON.stringify(config);
    expect(text).not.toContain(secretKey.slice(2));
    expect(text).not.toContain('hunter2-signer-password');
  });

  it("no code of the API names the key's variables: only the signer's own modules do", () => {
    const signerOnly = new Set(['signer/signer-key.ts', 'signer/signer-config.ts', 'signer/run-signer.ts', 'cli/signer.ts']);
    const naming = sourceFiles(srcRoot)
      .map((file) => relative(srcRoot, file))
      .filter((file) => !signerOnly.has(file) && !file.startsWith('test/') && keyVariables.test(readFileSync(join(srcRoot, file), 'utf8')));
    expect(naming).toEqual([]);
  });

  it("the API's bundle holds no key loader and no key", () => {
    const server = readFileSync(join(inject('apiBundles'), 'server.js'), 'utf8');
    expect(server).not.toMatch(keyVariables);
    expect(server).not.toContain(anvilDevKey.slice(2));
    expect(server).not.toMatch(/privateKeyToAccount|decryptKeystore|Keystore\.decrypt/);
    // The signer's own bundle has them.
    const signer = readFileSync(join(inject('apiBundles'), 'signer.js'), 'utf8');
    expect(signer).toMatch(/SIGNER_PRIVATE_KEY/);
  });

  it('the signer child gets what it needs and none of the secrets in the API environment', () => {
    const parentEnv = {
      PATH: '/usr/bin',
      SIGNER_PRIVATE_KEY: secretKey,
      SIGNER_KEYSTORE_PASSWORD: 'hunter2-signer-password',
      SIGNER_KEYSTORE: '/run/secrets/signer.json',
      SIGNER_KEYSTORE_PASSWORD_FILE: '/run/secrets/signer-password',
      OTP_HASH_KEY: 'x'.repeat(40),
      ADMIN_PASSWORD: 'admin-password',
      DATABASE_URL: 'postgres://user:secret@db/gold',
    };
    const settings = {
      store: 'ipc' as const,
      rpcUrl: 'http://127.0.0.1:8545',
      tokenAddress: '0x5fbdb2315678afecb367f032d93f642f64180aa3',
      chainId: 137,
      logLevel: 'info',
      nodeEnv: 'production',
      confirmations: 128,
    };
    const real = signerChildEnv(parentEnv, { ...settings, demo: false });
    expect(real).toEqual({
      PATH: '/usr/bin',
      NODE_ENV: 'production',
      LOG_LEVEL: 'info',
      SIGNER_STORE: 'ipc',
      RPC_URL: settings.rpcUrl,
      TOKEN_ADDRESS: settings.tokenAddress,
      CHAIN_ID: '137',
      CHAIN_CONFIRMATIONS: '128',
      // Paths only: the child opens them, the API does not.
      SIGNER_KEYSTORE: '/run/secrets/signer.json',
      SIGNER_KEYSTORE_PASSWORD_FILE: '/run/secrets/signer-password',
    });
    const demo = signerChildEnv(parentEnv, { ...settings, demo: true });
    expect(demo).toMatchObject({ SIGNER_ANVIL_DEV_KEY: 'true', SIGNER_FINALIZED_TAG: 'false', CHAIN_CONFIRMATIONS: '0' });
    expect(Object.keys(demo)).not.toContain('SIGNER_KEYSTORE');
    expect(JSON.stringify(demo)).not.toMatch(/hunter2|secret@|admin-password|x{40}/);
  });
});
