import { rmSync } from 'node:fs';
import type { CaughtMail, Denomination, RedemptionDetail, RedemptionListItem } from '@gold/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApiProcess, type ApiProcess } from '../api-processes';
import { migratedDataDir } from '../test-databases';

/**
 * What a new user does after `npm start` (no SMTP_URL, demo data): collect a redemption by
 * hand, with the code read from the demo mail catcher, and see the vault's stock go down.
 * The real entry point as a process, on an embedded database with nothing in it yet (migrated
 * already: the first start itself is server.test.ts's subject), over HTTP.
 */
const admin = { email: 'admin@example.com', password: 'Timbangan Emas 2026 pagi hari!' };

describe('collecting a redemption in the demo', () => {
  let dataDir: string;
  let server: ApiProcess;
  let base = '';
  let cookie = '';

  beforeAll(async () => {
    dataDir = await migratedDataDir();
    server = await startApiProcess(
      {
        DATA_DIR: dataDir,
        ADMIN_EMAIL: admin.email,
        ADMIN_PASSWORD: admin.password,
        // As `npm start` runs it.
        SEED_DEMO_DATA: 'true',
        DEMO_CHAIN: 'true',
      },
      { timeoutMs: 150_000 },
    );
    base = server.baseUrl;
    // The first admin is an Administrator, who may not work the counter: the demo's supervisor does
    // (at every location), with the password printed at the first start.
    const supervisor = /supervisor@example\.com\s+password: (\S+)/.exec(server.output());
    expect(supervisor, 'the demo accounts are printed at the first start').not.toBeNull();
    const login = await fetch(`${base}/api/admin/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'supervisor@example.com', password: supervisor![1] }),
    });
    expect(login.status).toBe(200);
    cookie = login.headers.getSetCookie()[0]!.split(';')[0]!;
  }, 180_000);

  afterAll(() => {
    if (server?.child.exitCode === null) server.child.kill('SIGKILL');
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
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
    expect(server.output()).toMatch(/one-time codes are not e-mailed but caught, see http:\/\/127\.0\.0\.1:\d+\/dev\/mail/);
    // The smallest waiting hand-over: at or under HANDOVER_CONFIRMATION_GRAMS the teller hands it over alone.
    const { body: open } = await call<{ data: RedemptionListItem[] }>(
      '/api/admin/list/redeems?limit=1&page=0&status=PREPARATION&sort=total&order=asc',
    );
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
    expect((await call(`/api/admin/redeem/${id}/identity-check`, { documentType: 'KTP', last4: '0007' })).status).toBe(201);
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
    expect(server.output()).not.toContain(otp);
  });
});
