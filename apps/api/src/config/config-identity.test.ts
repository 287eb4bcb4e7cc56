import { chmodSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

/** What a real deployment names anyway (other checks of DATABASE_URL are not these tests' subject). */
const deployment = { DATABASE_URL: 'postgres://db.internal/gold', SMTP_URL: 'smtp://mail.internal', DEMO_CHAIN: 'false' };
const key = 'a'.repeat(64);

describe('second factors and their key on DATABASE_URL', () => {
  it('stops the start without OTP_HASH_KEY, naming it: the key must not sit beside the hashes', () => {
    expect(() => loadConfig(deployment)).toThrow(/OTP_HASH_KEY: required on DATABASE_URL/);
    expect(loadConfig({ ...deployment, OTP_HASH_KEY: key }).OTP_HASH_KEY).toBe(key);
    // The embedded demo keeps its key in its own database.
    expect(loadConfig({}).OTP_HASH_KEY).toBeUndefined();
  });

  it('requires a second factor of every admin on DATABASE_URL unless turned off; off on the embedded demo unless turned on', () => {
    expect(loadConfig({ ...deployment, OTP_HASH_KEY: key }).REQUIRE_TWO_FACTOR).toBe(true);
    expect(loadConfig({ ...deployment, OTP_HASH_KEY: key, REQUIRE_TWO_FACTOR: 'false' }).REQUIRE_TWO_FACTOR).toBe(false);
    expect(loadConfig({}).REQUIRE_TWO_FACTOR).toBe(false);
    expect(loadConfig({ REQUIRE_TWO_FACTOR: 'true' }).REQUIRE_TWO_FACTOR).toBe(true);
  });

  it('reads the key from OTP_HASH_KEY_FILE only when group and others cannot read the file', () => {
    const dir = mkdtempSync(join(tmpdir(), 'otp-key-'));
    const file = join(dir, 'otp-hash-key');
    writeFileSync(file, `${key}\n`);
    chmodSync(file, 0o644);
    expect(() => loadConfig({ ...deployment, OTP_HASH_KEY_FILE: file })).toThrow(
      /OTP_HASH_KEY_FILE: .* is readable by group or others: chmod 600/,
    );
    chmodSync(file, 0o600);
    expect(loadConfig({ ...deployment, OTP_HASH_KEY_FILE: file }).OTP_HASH_KEY).toBe(key);
    expect(() => loadConfig({ ...deployment, OTP_HASH_KEY_FILE: file, OTP_HASH_KEY: key })).toThrow(/set one, not both/);
    expect(() => loadConfig({ OTP_HASH_KEY_FILE: join(dir, 'missing') })).toThrow(/OTP_HASH_KEY_FILE: cannot read/);
    writeFileSync(file, 'short');
    expect(() => loadConfig({ OTP_HASH_KEY_FILE: file })).toThrow(/at least 32 characters/);
  });
});
