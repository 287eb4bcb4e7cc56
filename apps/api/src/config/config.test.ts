import { describe, expect, it } from 'vitest';
import { fastifyTrustProxy, loadConfig } from './config';

/** A real deployment's minimum on PostgreSQL: the mail server and, knowingly, no chain. */
const realDeployment = {
  DATABASE_URL: 'postgres://db.internal/gold',
  SMTP_URL: 'smtp://mail.internal',
  DEMO_CHAIN: 'false',
  OTP_HASH_KEY: 'k'.repeat(32),
};

describe('TRUST_PROXY', () => {
  it('is off by default and for false or 0', () => {
    expect(loadConfig({}).TRUST_PROXY).toBe(false);
    for (const value of ['false', 'no', '0']) expect(loadConfig({ TRUST_PROXY: value }).TRUST_PROXY, value).toBe(false);
  });

  it('refuses true at start-up and says what to set instead', () => {
    for (const value of ['true', 'TRUE', 'yes']) {
      expect(() => loadConfig({ TRUST_PROXY: value }), value).toThrow(
        /TRUST_PROXY: true would believe any client's X-Forwarded-For; set the number of proxies in front of the service \(e\.g\. 1\) or their addresses or ranges/,
      );
    }
  });

  it('takes a hop count, trusting only that many nearest hops', () => {
    const setting = loadConfig({ TRUST_PROXY: '2' }).TRUST_PROXY;
    expect(setting).toEqual({ hops: 2 });
    const trust = fastifyTrustProxy(setting);
    expect(typeof trust).toBe('function');
    if (typeof trust !== 'function') return;
    expect([0, 1, 2].map((hop) => trust('10.0.0.1', hop))).toEqual([true, true, false]);
    expect(() => loadConfig({ TRUST_PROXY: '11' })).toThrow(/TRUST_PROXY: a hop count must be at most 10/);
  });

  it('takes a comma-separated list of addresses and ranges', () => {
    const setting = loadConfig({ TRUST_PROXY: '10.0.0.0/8, 192.168.1.5,fd00::/8, loopback' }).TRUST_PROXY;
    expect(setting).toEqual({ proxies: ['10.0.0.0/8', '192.168.1.5', 'fd00::/8', 'loopback'] });
    expect(fastifyTrustProxy(setting)).toEqual(['10.0.0.0/8', '192.168.1.5', 'fd00::/8', 'loopback']);
    for (const value of ['proxy.internal', '10.0.0.0/33', '10.0.0.1,,nonsense', '::1/129', ' , ']) {
      expect(() => loadConfig({ TRUST_PROXY: value }), value).toThrow(/TRUST_PROXY: must be false, a hop count or a comma-separated list/);
    }
  });
});

describe('sign-in load limits', () => {
  it('default to 2 sign-ins checked at once and 8 waiting', () => {
    expect(loadConfig({})).toMatchObject({ SIGN_IN_CONCURRENCY: 2, SIGN_IN_QUEUE: 8 });
    expect(() => loadConfig({ SIGN_IN_CONCURRENCY: '0' })).toThrow(/SIGN_IN_CONCURRENCY/);
    expect(loadConfig({ SIGN_IN_QUEUE: '0' }).SIGN_IN_QUEUE).toBe(0);
  });
});

describe('WORKERS', () => {
  it('defaults to one process, and several need PostgreSQL: the embedded database allows one process per folder', () => {
    expect(loadConfig({}).WORKERS).toBe(1);
    expect(() => loadConfig({ WORKERS: '2' })).toThrow(
      /WORKERS: 2 processes need DATABASE_URL \(PostgreSQL\); the embedded database \(PGlite\) allows one process per DATA_DIR/,
    );
    expect(loadConfig({ WORKERS: '4', ...realDeployment }).WORKERS).toBe(4);
    expect(() => loadConfig({ WORKERS: '0' })).toThrow(/WORKERS/);
  });
});

describe('safe defaults on DATABASE_URL', () => {
  it('keeps every demo part on for the embedded database, as npm start always had it', () => {
    expect(loadConfig({})).toMatchObject({ SEED_DEMO_DATA: true, DEMO_CHAIN: true, DEMO_MAIL_CATCHER: true, PLATFORM_SIMULATOR: true });
  });

  it('turns every demo part off on DATABASE_URL unless it is named', () => {
    expect(loadConfig(realDeployment)).toMatchObject({
      SEED_DEMO_DATA: false,
      DEMO_CHAIN: false,
      DEMO_MAIL_CATCHER: false,
      PLATFORM_SIMULATOR: false,
    });
    expect(loadConfig({ ...realDeployment, SEED_DEMO_DATA: 'true', PLATFORM_SIMULATOR: 'yes' })).toMatchObject({
      SEED_DEMO_DATA: true,
      PLATFORM_SIMULATOR: true,
    });
  });

  it('refuses to start on DATABASE_URL without SMTP_URL or a chain, naming each', () => {
    const database = { DATABASE_URL: 'postgres://db.internal/gold', OTP_HASH_KEY: 'k'.repeat(32) };
    expect(() => loadConfig(database)).toThrow(/SMTP_URL: the mail server[\s\S]*RPC_URL: the token's chain/);
    expect(() => loadConfig({ ...database, DEMO_CHAIN: 'false' })).toThrow(/SMTP_URL/);
    expect(() => loadConfig({ ...database, SMTP_URL: 'smtp://mail.internal' })).toThrow(/RPC_URL/);
    // Named on purpose, a demo part stands in for the setting.
    expect(loadConfig({ ...database, DEMO_MAIL_CATCHER: 'true', DEMO_CHAIN: 'true' })).toMatchObject({ DEMO_MAIL_CATCHER: true });
  });

  it('reads the counter hours and days', () => {
    expect(loadConfig({})).toMatchObject({ COUNTER_HOURS: [8, 16], COUNTER_DAYS: [1, 2, 3, 4, 5] });
    expect(loadConfig({ COUNTER_HOURS: '09-15', COUNTER_DAYS: '6,1' })).toMatchObject({ COUNTER_HOURS: [9, 15], COUNTER_DAYS: [1, 6] });
    expect(() => loadConfig({ COUNTER_HOURS: '15-09' })).toThrow(/COUNTER_HOURS/);
    expect(() => loadConfig({ COUNTER_DAYS: '0' })).toThrow(/COUNTER_DAYS/);
  });

  it('reads the grams above which a hand-over waits for a second admin (100 unless set; 0: always)', () => {
    expect(loadConfig({}).HANDOVER_CONFIRMATION_GRAMS).toBe(100);
    expect(loadConfig({ HANDOVER_CONFIRMATION_GRAMS: '0' }).HANDOVER_CONFIRMATION_GRAMS).toBe(0);
    for (const wrong of ['-1', '2.5', 'lots']) {
      expect(() => loadConfig({ HANDOVER_CONFIRMATION_GRAMS: wrong }), wrong).toThrow(/HANDOVER_CONFIRMATION_GRAMS/);
    }
  });
});
