import { describe, expect, it } from 'vitest';
import { loadSignerConfig } from './signer-config';

const chain = { RPC_URL: 'http://127.0.0.1:8545', TOKEN_ADDRESS: '0x5fbdb2315678afecb367f032d93f642f64180aa3' };

describe("the signer's configuration", () => {
  it('needs the database unless the API started it, and the chain', () => {
    expect(() => loadSignerConfig(chain)).toThrow(/DATABASE_URL: the signer needs the PostgreSQL database/);
    expect(loadSignerConfig({ ...chain, SIGNER_STORE: 'ipc' })).toMatchObject({
      SIGNER_STORE: 'ipc',
      CHAIN_ID: 137,
      SIGNER_FINALIZED_TAG: true,
    });
    expect(() => loadSignerConfig({ DATABASE_URL: 'postgres://db/gold' })).toThrow(/RPC_URL[\s\S]*TOKEN_ADDRESS/);
  });

  it('takes a fault only in tests, and names a wrong key setting without its value', () => {
    const base = { ...chain, DATABASE_URL: 'postgres://db/gold' };
    expect(() => loadSignerConfig({ ...base, SIGNER_FAULT: 'pause-after-sign' })).toThrow(/SIGNER_FAULT: for tests only/);
    expect(loadSignerConfig({ ...base, NODE_ENV: 'test', SIGNER_FAULT: 'pause-after-sign' }).SIGNER_FAULT).toBe('pause-after-sign');
    const secret = 'not-a-flag-but-a-secret';
    expect(() => loadSignerConfig({ ...base, SIGNER_ANVIL_DEV_KEY: secret })).toThrow(/SIGNER_ANVIL_DEV_KEY/);
    try {
      loadSignerConfig({ ...base, SIGNER_ANVIL_DEV_KEY: secret });
    } catch (error) {
      expect((error as Error).message).not.toContain(secret);
    }
  });
});
