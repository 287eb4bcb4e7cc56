/**
 * `work` over `items` with at most `limit` in flight, answers in the items' order; the first
 * failure rejects (the others still in flight finish unobserved). The chain reads use it for
 * block headers and per-block logs, so a node is never asked hundreds of things at once.
 */
export async function mapLimit<T, R>(items: readonly T[], limit: number, work: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await work(items[i]!, i);
    }
  };
  await Promise.all(Array.from({ length: Math.min(Math.max(1, limit), items.length) }, worker));
  return results;
}
