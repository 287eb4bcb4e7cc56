import { existsSync } from 'node:fs';
import { chromium, type Browser, type BrowserContext, type BrowserServer, type Download, type Page } from 'playwright-core';

/** Debian's Chromium (CI installs it); never a downloaded browser. */
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const launchOptions = {
  executablePath: chromiumPath,
  headless: true,
  // Without the background-networking flags Chromium keeps calling Google's hosts, refused on closed networks.
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
};

function checkChromium() {
  if (!existsSync(chromiumPath)) {
    throw new Error(
      `Chromium not found at ${chromiumPath}: install it with \`apt-get install -y chromium\` (.ci/run does) or set CHROMIUM_PATH`,
    );
  }
}

/** One Chromium for the whole browser-test run (global-setup.ts): each file connects to it and opens its own contexts. */
export async function launchBrowserServer(): Promise<BrowserServer> {
  checkChromium();
  return chromium.launchServer(launchOptions);
}

/** A connection to the run's Chromium; closing it closes the contexts it opened, not the browser. */
export async function connectBrowser(wsEndpoint: string): Promise<Browser> {
  return chromium.connect(wsEndpoint);
}

/** The text of a finished download (the browser runs in another process: its file is not ours to read). */
export async function downloadedText(download: Download): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

export interface WatchedPage {
  context: BrowserContext;
  page: Page;
  /** Requests to any origin other than the server under test. */
  foreignRequests: string[];
  /** Uncaught exceptions in the page. */
  pageErrors: string[];
}

/** A fresh context (no cookies) whose page records what it should never do. */
export async function openPage(browser: Browser, baseUrl: string, viewport = { width: 1400, height: 900 }): Promise<WatchedPage> {
  const context = await browser.newContext({ baseURL: baseUrl, viewport });
  // A missing element fails in 10 s rather than the default 30.
  context.setDefaultTimeout(10_000);
  const page = await context.newPage();
  const foreignRequests: string[] = [];
  const pageErrors: string[] = [];
  const origin = new URL(baseUrl).origin;
  page.on('request', (request) => {
    const url = request.url();
    if (!url.startsWith(origin) && !url.startsWith('data:') && !url.startsWith('blob:')) foreignRequests.push(url);
  });
  page.on('pageerror', (error) => pageErrors.push(error.message));
  return { context, page, foreignRequests, pageErrors };
}
