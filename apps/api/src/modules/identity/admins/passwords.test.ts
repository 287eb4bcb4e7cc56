import { describe, expect, it } from 'vitest';
import { hashPassword, passwordPolicyViolation, verifyPassword } from './passwords';

describe('password hashing', () => {
  it('hashes with argon2id and verifies only the right password', async () => {
    const stored = await hashPassword('correct horse battery staple');
    expect(stored.startsWith('$argon2id$')).toBe(true);
    await expect(verifyPassword(stored, 'correct horse battery staple')).resolves.toBe(true);
    await expect(verifyPassword(stored, 'correct horse battery stapler')).resolves.toBe(false);
    await expect(verifyPassword('not a hash', 'x')).resolves.toBe(false);
  });
});

describe('password policy', () => {
  it('refuses short, long and common passwords', () => {
    expect(passwordPolicyViolation('short')).toMatch(/at least 12/);
    expect(passwordPolicyViolation('a'.repeat(129))).toMatch(/at most 128/);
    expect(passwordPolicyViolation('password1234')).toMatch(/too common/);
    expect(passwordPolicyViolation('qwertyuiop123')).toMatch(/too common/);
  });

  it('accepts a long unusual passphrase', () => {
    expect(passwordPolicyViolation('Vault-Keeper 2026 emas batangan!')).toBeNull();
  });

  it('refuses a password built from the admin own name or e-mail', () => {
    expect(passwordPolicyViolation('siti.rahayu2026', ['siti.rahayu@example.com', 'Siti Rahayu'])).not.toBeNull();
  });
});
