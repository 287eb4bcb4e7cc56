import type { BenchApi } from './api-process';

export interface Timing {
  name: string;
  p50: number;
  p95: number;
  max: number;
  /** What the answer said, to show the case measured what it claims (e.g. rows and total). */
  note: string;
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

/**
 * Times one GET `iterations` times, one request at a time (the latency an operator feels),
 * after a few warm-up requests. Fails loudly on a non-2xx answer.
 */
export async function timeGet(
  api: BenchApi,
  name: string,
  path: string,
  describe: (body: unknown) => string,
  iterations = 50,
): Promise<Timing> {
  const get = async () => {
    const response = await fetch(`${api.baseUrl}${path}`, { headers: { cookie: api.cookie, 'accept-encoding': 'gzip' } });
    const body: unknown = await response.json();
    if (!response.ok) throw new Error(`${name}: ${path} answered ${response.status} ${JSON.stringify(body)}`);
    return body;
  };
  let body: unknown;
  for (let i = 0; i < 5; i++) body = await get();
  const times: number[] = [];
  for (let i = 0; i < iterations; i++) {
    const started = performance.now();
    await get();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return { name, p50: percentile(times, 50), p95: percentile(times, 95), max: times.at(-1)!, note: describe(body) };
}

export function timingTable(timings: Timing[]): string {
  const ms = (v: number) => v.toFixed(1);
  return [
    '| case | p50 ms | p95 ms | max ms | answer |',
    '|---|---|---|---|---|',
    ...timings.map((t) => `| ${t.name} | ${ms(t.p50)} | ${ms(t.p95)} | ${ms(t.max)} | ${t.note} |`),
  ].join('\n');
}
