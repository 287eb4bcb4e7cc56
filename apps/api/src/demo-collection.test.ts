import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CaughtMail, Denomination, RedemptionDetail, RedemptionListItem } from '@gold/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * What a new user does after `npm start` (no SMTP_URL, demo data): collect a redemption by
 * hand, with the code read from the demo mail catcher, and see the vault's stock go down.
 * The real entry point as a process, on a fresh embedded database, over HTTP.
 */
const apiRoot = join(import.meta.dirname, '..');
const admin = { email: 'teller@example.com', password: 'Timbangan Emas 2026 pagi hari!' };

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

describe('collecting a redemption in the demo', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'gold-demo-'));
  let child: ChildProcessWithoutNullStreams;
  let output = '';
  let base = '';
  let cookie = '';

  beforeAll(async () => {
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
      cwd: apiRoot,
      env: {
        PATH: process.env.PATH ?? '',
        HOST: '127.0.0.1',
        PORT: String(port),
        DATA_DIR: dataDir,
        ADMIN_EMAIL: admin.email,
        ADMIN_PASSWORD: admin.password,
        WEB_DIST_DIR: join(apiRoot, 'no-console'),
        LOG_LEVEL: 'info',
      },
    });
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    for (let started = Date.now(); Date.now() - started < 150_000; await new Promise((r) => setTimeout(r, 250))) {
      if (child.exitCode !== null) throw new Error(`server exited early:\n${output}`);
      if (
        await fetch(`${base}/api/health`).then(
          (r) => r.ok,
          () => false,
        )
      )
        break;
    }
    const login = await fetch(`${base}/api/admin/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(admin),
    });
    expect(login.status).toBe(200);
    cookie = login.headers.getSetCookie()[0]!.split(';')[0]!;
  }, 180_000);

  afterAll(() => {
    if (child?.exitCode === null) child.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  });

  const call = async <T>(path: string, body?: object): Promise<{ status: number; body: T }> => {
    const response = await fetch(`${base}${path}`, {
      method: body ? 'POST' : 'GET',
      headers: { cookie, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    return { status: response.status, body: (await response.json()) as T };
  };

  it('sends the code to the catcher, checks it, approves, and the stock goes down', async () => {
    expect(output).toMatch(/one-time codes are not e-mailed but caught, see http:\/\/127\.0\.0\.1:\d+\/dev\/mail/);
    const { body: open } = await call<{ data: RedemptionListItem[] }>('/api/admin/list/redeems?limit=1&page=0&status=PREPARATION');
    const id = open.data[0]!.id;
    const { body: redemption } = await call<RedemptionDetail>(`/api/admin/redeem/${id}`);
    const stockOf = async () => (await call<{ data: Denomination[] }>('/api/admin/denoms')).body.data;
    const before = await stockOf();

    expect((await call(`/api/admin/redeem/sendotp`, { id })).status).toBe(200);
    const { body: mail } = await call<{ data: CaughtMail[] }>('/api/admin/dev/mail');
    expect(mail.data[0]!.to).toEqual([redemption.user.email]);
    const otp = /: (\d{6})\n/.exec(mail.data[0]!.text)![1]!;
    const page = await fetch(`${base}/dev/mail`, { headers: { cookie } });
    expect(await page.text()).toContain(otp);

    expect((await call('/api/admin/redeem/checkotp', { id, otp })).status).toBe(200);
    const approved = await call<RedemptionDetail>('/api/admin/redeem/approve', { id });
    expect(approved.status).toBe(200);
    expect(approved.body.status).toBe('REDEEMED');

    const after = await stockOf();
    for (const piece of redemption.physicalGoldRedeems) {
      const was = before.find((d) => d.id === piece.physicalGold.id)!;
      const now = after.find((d) => d.id === piece.physicalGold.id)!;
      expect(now.available, `${was.denom} g`).toBe(was.available - piece.amount);
      expect(now.redeemed).toBe(was.redeemed + piece.amount);
      expect(now.reserved).toBe(was.reserved - piece.amount);
    }
    expect(output).not.toContain(otp);
  });
});
