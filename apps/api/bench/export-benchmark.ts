import type { BenchApi } from './api-process';
import { getJson } from './http-timing';

/** The export must stream: the API stays under this resident size while it sends every customer. */
export const exportRssTargetBytes = 300 * 10 ** 6;

export const exportPath = '/api/admin/export/users.csv';

export type ExportResult =
  | { available: false; status: number; reason: string }
  | {
      available: true;
      bytes: number;
      /** Data lines (the header line not counted). */
      rows: number;
      firstByteMs: number;
      totalMs: number;
      /** VmRSS of the API just before the request. */
      rssBefore: number;
      /** Highest VmRSS sampled (every 20 ms) while the export ran. */
      peakRss: number;
      /** VmHWM of the API afterwards: its peak over the whole run, earlier cases included. */
      lifetimePeakRss: number;
      contentType: string;
      /** Content-Encoding on the wire (the bytes are counted decoded). */
      contentEncoding: string;
    };

/**
 * The CSV export of every customer (GET /admin/export/users.csv), read to the end as a browser
 * download would, counting bytes and lines, while the API's resident memory is sampled from
 * /proc. An API without the route (404) reports "not available" rather than failing the run.
 * Give it a fresh API process: its resident size is then the export's, not earlier cases'.
 */
export async function benchUserExport(api: BenchApi, encoding: 'gzip' | 'identity' = 'gzip'): Promise<ExportResult> {
  // As an operator would: the user list first, then its Export CSV.
  await getJson(api, '/api/admin/list/users?limit=10&page=0');
  const rssBefore = api.rss();
  let peakRss = rssBefore;
  const sampler = setInterval(() => (peakRss = Math.max(peakRss, api.rss())), 20);
  try {
    const started = performance.now();
    const response = await fetch(`${api.baseUrl}${exportPath}`, { headers: { cookie: api.cookie, 'accept-encoding': encoding } });
    if (response.status === 404 || response.status === 405) {
      await response.body?.cancel();
      return { available: false, status: response.status, reason: `${exportPath} answered ${response.status}: the route is not there` };
    }
    if (!response.ok || !response.body) {
      throw new Error(`${exportPath} answered ${response.status} ${await response.text()}`);
    }
    let firstByteMs = 0;
    let bytes = 0;
    let lines = 0;
    let last = 0x0a;
    for await (const chunk of response.body) {
      if (bytes === 0) firstByteMs = performance.now() - started;
      bytes += chunk.byteLength;
      for (const byte of chunk) if (byte === 0x0a) lines++;
      last = chunk.at(-1) ?? last;
    }
    const totalMs = performance.now() - started;
    if (last !== 0x0a) lines++; // a last line without its newline
    // CSV fields may hold line breaks inside quotes; customer names, e-mails and addresses here do not.
    return {
      available: true,
      bytes,
      rows: Math.max(0, lines - 1),
      firstByteMs,
      totalMs,
      rssBefore,
      peakRss: Math.max(peakRss, api.rss()),
      lifetimePeakRss: api.peakRss(),
      contentType: response.headers.get('content-type') ?? '',
      contentEncoding: response.headers.get('content-encoding') ?? 'identity',
    };
  } finally {
    clearInterval(sampler);
  }
}

const mb = (bytes: number) => `${(bytes / 10 ** 6).toFixed(0)} MB`;

/**
 * The section's table: bytes, rows, times and memory against the 300 MB target, for the export
 * as a browser asks for it (gzip); then a line on the same without compression, which tells
 * how much of the time is compressing.
 */
export function exportTable(result: ExportResult, customers: number, uncompressed?: ExportResult): string {
  if (!result.available) {
    return ['| what | figure |', '|---|---|', `| GET ${exportPath.replace('/api', '')} | not available (${result.reason}) |`].join('\n');
  }
  const met = result.peakRss < exportRssTargetBytes;
  return [
    '| what | figure | target | met |',
    '|---|---|---|---|',
    `| rows (header not counted) | ${result.rows.toLocaleString('en')} | every customer (${customers.toLocaleString('en')}) | ${result.rows === customers ? 'pass' : '**miss**'} |`,
    `| CSV bytes (${result.contentType}; ${result.contentEncoding} on the wire, counted decoded) | ${result.bytes.toLocaleString('en')} (${(result.bytes / result.rows || 0).toFixed(0)} a row) | - | - |`,
    `| time to the first byte | ${result.firstByteMs.toFixed(0)} ms | - | - |`,
    `| time to the last byte | ${(result.totalMs / 1000).toFixed(1)} s (${Math.round(result.rows / (result.totalMs / 1000)).toLocaleString('en')} rows/s) | - | - |`,
    `| API resident memory before / peak during the export | ${mb(result.rssBefore)} / ${mb(result.peakRss)} | peak under ${mb(exportRssTargetBytes)} | ${met ? 'pass' : '**miss**'} |`,
    `| API peak resident memory over the whole run (VmHWM) | ${mb(result.lifetimePeakRss)} | - | - |`,
    ...(uncompressed?.available
      ? [
          '',
          `The same right after without compression (\`accept-encoding: identity\`): ${uncompressed.rows.toLocaleString('en')} rows,`,
          `${uncompressed.bytes.toLocaleString('en')} bytes (${uncompressed.contentEncoding} on the wire) in ${(uncompressed.totalMs / 1000).toFixed(1)} s, first byte after`,
          `${uncompressed.firstByteMs.toFixed(0)} ms, the API at ${mb(uncompressed.rssBefore)} before and ${mb(uncompressed.peakRss)} at most.`,
        ]
      : []),
  ].join('\n');
}
