import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const repoRoot = join(import.meta.dirname, '../../../../..');
const check = (lockfile: string) =>
  spawnSync(process.execPath, [join(repoRoot, '.ci/check-install-scripts.mjs'), lockfile, join(repoRoot, 'package.json')], {
    encoding: 'utf8',
  });

describe('install scripts (.ci/check-install-scripts.mjs, run by .ci/run before npm ci)', () => {
  it("passes the project's lockfile", () => {
    const result = check(join(repoRoot, 'package-lock.json'));
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
  });

  it('refuses another version of an allowed package, and a package not listed', () => {
    const lock = JSON.parse(readFileSync(join(repoRoot, 'package-lock.json'), 'utf8'));
    lock.packages['node_modules/esbuild'].version = '0.28.3';
    lock.packages['node_modules/left-pad-with-postinstall'] = { version: '1.0.0', hasInstallScript: true };
    const lockfile = join(mkdtempSync(join(tmpdir(), 'lock-')), 'package-lock.json');
    writeFileSync(lockfile, JSON.stringify(lock));
    const result = check(lockfile);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('esbuild@0.28.3');
    expect(result.stderr).toContain('left-pad-with-postinstall@1.0.0');
  });
});
