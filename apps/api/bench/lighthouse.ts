import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import lighthouse, { desktopConfig, type Flags, type Result } from 'lighthouse';
import { setDocsFile, writeSection } from './docs-section';

/**
 * `npm run bench:lighthouse` (also the last step of `npm run bench`): Lighthouse 12 with Debian
 * Chromium, desktop preset, on the sign-in page, the dashboard, the User List and a redemption
 * review, signed in with a cookie from a real sign-in through the API. The console is the build
 * (`npm run build`: apps/api/dist/server.js serving apps/web/dist, or WEB_DIST_DIR) on a fresh
 * embedded database with the demo data and the demo chain. Each page runs `--runs` times; the
 * median performance run is kept (what Lighthouse advises for a noisy machine). Target: performance, accessibility and best practices
 * each at least 95. Writes its section of docs/benchmarks.md (or --docs) and the JSON reports to --out.
 */
const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    docs: { type: 'string' },
    out: { type: 'string', default: join(tmpdir(), 'gold-lighthouse') },
  },
});
if (values.docs) setDocsFile(values.docs);
const runs = Number(values.runs);
if (!Number.isInteger(runs) || runs < 1) throw new Error('--runs must be a positive whole number');

const repoRoot = join(import.meta.dirname, '../../..');
const serverEntry = join(repoRoot, 'apps/api/dist/server.js');
const consoleIndex = join(process.env.WEB_DIST_DIR ?? join(repoRoot, 'apps/web/dist'), 'index.html');
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** The flags of stack-notes.md: headless, nothing fetched from outside while measuring. */
const chromiumFlags = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
const admin = { email: 'lighthouse@example.com', password: 'Timbangan-Emas 2026 loket kasir!' };
const categories = ['performance', 'accessibility', 'best-practices'] as const;
const target = 95;

for (const file of [serverEntry, consoleIndex, chromiumPath]) {
  if (!existsSync(file)) throw new Error(`${file} is missing (npm run build; apt-get install -y chromium)`);
}

/** Waits for a line of a child's output that `pattern` matches, and answers its first group. */
function lineOf(child: ChildProcess, stream: 'stdout' | 'stderr', pattern: RegExp, seconds: number, what: string): Promise<string> {
  return new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`${what} did not start within ${seconds} s:\n${output.slice(-4000)}`)), seconds * 1000);
    child[stream]!.setEncoding('utf8').on('data', (chunk: string) => {
      output += chunk;
      const found = pattern.exec(output);
      if (found) {
        clearTimeout(timer);
        resolve(found[1]!);
      }
    });
    child.once('exit', () => {
      clearTimeout(timer);
      reject(new Error(`${what} exited during start-up:\n${output.slice(-4000)}`));
    });
  });
}

async function stopChild(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 15_000))]);
  if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
}

/** The built server, as `npm start` runs it, on a fresh data folder with the demo data. */
async function startServer() {
  const dataDir = mkdtempSync(join(tmpdir(), 'gold-lighthouse-data-'));
  const child = spawn(process.execPath, [serverEntry], {
    cwd: repoRoot,
    env: {
      PATH: process.env.PATH ?? '',
      HOST: '127.0.0.1',
      // The system picks a free port; the server names it in its "listening" line.
      PORT: '0',
      DATA_DIR: dataDir,
      ADMIN_EMAIL: admin.email,
      ADMIN_PASSWORD: admin.password,
      SEED_DEMO_DATA: 'true',
      // With the demo chain: without it the User List's balances call answers 503, a console error
      // that costs best practices points no real deployment (which has its chain) would see.
      DEMO_CHAIN: 'true',
      // Another build of the console than apps/web/dist, if asked (a shared checkout rebuilds that one).
      ...(process.env.WEB_DIST_DIR ? { WEB_DIST_DIR: process.env.WEB_DIST_DIR } : {}),
      LOG_LEVEL: 'info',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stderr!.resume();
  const baseUrl = await lineOf(child, 'stdout', /Server listening at (http:\/\/127\.0\.0\.1:\d+)/, 300, 'the server');
  // Past start-up the log is not needed: keep the pipe drained so the server never blocks on it.
  child.stdout!.resume();
  return {
    baseUrl,
    stop: async () => {
      await stopChild(child);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function startChromium() {
  const profile = mkdtempSync(join(tmpdir(), 'gold-lighthouse-chromium-'));
  const child = spawn(chromiumPath, [...chromiumFlags, '--remote-debugging-port=0', `--user-data-dir=${profile}`, 'about:blank'], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  const port = Number(await lineOf(child, 'stderr', /DevTools listening on ws:\/\/127\.0\.0\.1:(\d+)\//, 60, 'Chromium'));
  child.stderr!.resume();
  return {
    port,
    stop: async () => {
      await stopChild(child);
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

/** A real sign-in through the API: the session cookie the browser would have been given. */
async function signIn(baseUrl: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(admin),
  });
  if (!response.ok) throw new Error(`sign-in failed: ${response.status} ${await response.text()}`);
  return response.headers.getSetCookie()[0]!.split(';')[0]!;
}

/** A redemption waiting for review in the demo data, for the review page. */
async function pendingRedemptionId(baseUrl: string, cookie: string): Promise<number> {
  const response = await fetch(`${baseUrl}/api/admin/list/redeems?limit=1&status=REQUESTED`, { headers: { cookie } });
  if (!response.ok) throw new Error(`the redemption list answered ${response.status}`);
  const { data } = (await response.json()) as { data: Array<{ id: number }> };
  if (!data[0]) throw new Error('the demo data has no REQUESTED redemption to review');
  return data[0].id;
}

interface PageScores {
  name: string;
  path: string;
  scores: Record<(typeof categories)[number], number>;
  /** The audits that cost points, per category, for the report and the console. */
  misses: string[];
}

const median = (numbers: number[]) => [...numbers].sort((a, b) => a - b)[Math.floor(numbers.length / 2)]!;

function missedAudits(result: Result): string[] {
  return categories.flatMap((category) =>
    result.categories[category]!.auditRefs.filter((ref) => ref.weight > 0)
      .map((ref) => result.audits[ref.id]!)
      .filter((audit) => audit.score !== null && audit.score < 0.9)
      .map((audit) => `${category}: ${audit.id} (${Math.round((audit.score ?? 0) * 100)}) ${audit.displayValue ?? ''}`.trim()),
  );
}

async function measure(port: number, name: string, url: string, cookie: string | undefined): Promise<PageScores> {
  const flags: Flags = {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: [...categories],
    ...(cookie ? { extraHeaders: { Cookie: cookie } } : {}),
  };
  const results: Result[] = [];
  for (let run = 0; run < runs; run++) {
    let answer = await lighthouse(url, flags, desktopConfig);
    // A trace Chromium failed to record (NO_NAVSTART and the like, seen on a busy machine) is measured again, twice at most.
    for (let retry = 0; retry < 2 && answer?.lhr.runtimeError; retry++) {
      process.stdout.write(`  ${url}: ${answer.lhr.runtimeError.code}, measuring again\n`);
      answer = await lighthouse(url, flags, desktopConfig);
    }
    if (!answer) throw new Error(`Lighthouse gave no result for ${url}`);
    if (answer.lhr.runtimeError) throw new Error(`${url}: ${answer.lhr.runtimeError.code} ${answer.lhr.runtimeError.message}`);
    results.push(answer.lhr);
    writeFileSync(join(values.out!, `${name.replace(/\W+/g, '-').toLowerCase()}-${run + 1}.json`), answer.report as string);
  }
  const performance = results.map((result) => result.categories.performance!.score ?? 0);
  const kept = results[performance.indexOf(median(performance))]!;
  const scores = Object.fromEntries(
    categories.map((category) => [category, Math.round((kept.categories[category]!.score ?? 0) * 100)]),
  ) as PageScores['scores'];
  return { name, path: new URL(url).pathname + new URL(url).search, scores, misses: missedAudits(kept) };
}

rmSync(values.out!, { recursive: true, force: true });
mkdirSync(values.out!, { recursive: true });
/** The machine's load (1-minute average) before and after: performance scores mean little on a busy machine. */
const loadBefore = loadavg()[0]!;

const server = await startServer();
const chromium = await startChromium().catch(async (error: unknown) => {
  await server.stop();
  throw error;
});
try {
  const cookie = await signIn(server.baseUrl);
  const redemption = await pendingRedemptionId(server.baseUrl, cookie);
  const pages: Array<[name: string, path: string, signedIn: boolean]> = [
    ['Sign-in', '/', false],
    ['Dashboard', '/dashboard', true],
    ['User List', '/user-list', true],
    ['Redemption review', `/redeem?id=${redemption}`, true],
  ];
  const measured: PageScores[] = [];
  for (const [name, path, signedIn] of pages) {
    const page = await measure(chromium.port, name, `${server.baseUrl}${path}`, signedIn ? cookie : undefined);
    measured.push(page);
    process.stdout.write(`${name} ${path}: ${categories.map((c) => `${c} ${page.scores[c]}`).join(', ')}\n`);
    for (const miss of page.misses) process.stdout.write(`  ${miss}\n`);
  }

  const failing = measured.flatMap((page) =>
    categories.filter((c) => page.scores[c] < target).map((c) => `${page.name} ${c} ${page.scores[c]}`),
  );
  const section = [
    '## Lighthouse',
    '',
    `Measured ${new Date().toISOString().slice(0, 10)} by \`npm run bench:lighthouse\` (apps/api/bench/lighthouse.ts; the last step of \`npm run bench\`):`,
    `Lighthouse 12 with Debian Chromium (headless), desktop preset (simulated throttling), on ${cpus().length} cores shared with the`,
    'server: the build (apps/api/dist/server.js serving the console) on a fresh embedded database with the demo data and chain, signed in',
    `with a cookie from a real sign-in through the API. Median of ${runs} runs per page (by performance).`,
    `Target: performance, accessibility and best practices each at least ${target}. Load average (1 min) before the run`,
    `${loadBefore.toFixed(1)}, after ${loadavg()[0]!.toFixed(1)} on ${cpus().length} cores: performance is timed on this machine (TBT, LCP), so a busy machine costs points.`,
    '',
    failing.length === 0 ? `Every page met the target.` : `Under the target: ${failing.join('; ')}.`,
    '',
    '| page | path | performance | accessibility | best practices |',
    '|---|---|---|---|---|',
    ...measured.map(
      (page) =>
        `| ${page.name} | \`${page.path}\` | ${page.scores.performance} | ${page.scores.accessibility} | ${page.scores['best-practices']} |`,
    ),
    '',
  ].join('\n');
  writeSection(section);
  process.stdout.write(`\n${section}\nReports: ${values.out}\n`);
  if (failing.length > 0) process.exitCode = 1;
} finally {
  await chromium.stop();
  await server.stop();
}
