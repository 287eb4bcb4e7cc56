import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import pg from 'pg';
import { migrateDatabase, openDatabase } from '../src/db/client';
import { writeSection } from './docs-section';
import { benchPlatform } from './platform-benchmark';

/** `npm run bench -- --platform [--seconds 20]`: a scratch database, one API process, the platform cases; dropped afterwards. */
export async function runPlatformBench(serverUrl: string, seconds: number): Promise<void> {
  const name = `gold_bench_platform_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  try {
    const handle = await openDatabase({ kind: 'postgres', url: url.toString(), poolSize: 2 });
    try {
      await migrateDatabase(handle);
      const api = await startPlatformApi(url.toString());
      try {
        const { section, ok } = await benchPlatform(handle.db, url.toString(), api.baseUrl, seconds);
        process.stdout.write(`${section}\n`);
        writeSection(section);
        if (!ok) process.exitCode = 1;
      } finally {
        await api.stop();
      }
    } finally {
      await handle.close();
    }
  } finally {
    await admin.query(`drop database if exists "${name}" with (force)`);
    await admin.end();
  }
}

/** The API from its sources on the scratch database, no admin (the platform cases need none). */
async function startPlatformApi(databaseUrl: string): Promise<{ baseUrl: string; stop(): Promise<void> }> {
  const port = 40_000 + Math.floor(Math.random() * 10_000);
  const child = spawn(process.execPath, ['--import', 'tsx', join(import.meta.dirname, '../src/server.ts')], {
    env: {
      PATH: process.env.PATH ?? '',
      DATABASE_URL: databaseUrl,
      HOST: '127.0.0.1',
      PORT: String(port),
      LOG_LEVEL: 'warn',
      WEB_DIST_DIR: '/nonexistent',
      DEMO_CHAIN: 'false',
      DEMO_MAIL_CATCHER: 'true',
      OTP_HASH_KEY: randomBytes(32).toString('hex'),
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const stop = async () => {
    if (child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  };
  const baseUrl = `http://127.0.0.1:${port}`;
  for (let tries = 0; ; tries++) {
    if (
      await fetch(`${baseUrl}/api/health`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    if (tries > 300 || child.exitCode !== null) {
      await stop();
      throw new Error('the API did not start');
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return { baseUrl, stop };
}
