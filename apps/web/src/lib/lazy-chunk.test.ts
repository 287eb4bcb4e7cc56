import { afterEach, describe, expect, it, vi } from 'vitest';
import { ChunkLoadError, isChunkLoadError, loadChunk } from './lazy-chunk';

describe('loadChunk', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('resolves with the module', async () => {
    await expect(loadChunk(() => Promise.resolve({ Page: 'page' }))).resolves.toEqual({ Page: 'page' });
  });

  it('turns a failed dynamic import into a ChunkLoadError', async () => {
    const failure = new TypeError('Failed to fetch dynamically imported module: https://console/assets/dashboard-x.js');
    const error = await loadChunk(() => Promise.reject(failure)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ChunkLoadError);
    expect((error as Error).message).toMatch(/^Loading chunk failed/);
  });

  it('fails with a ChunkLoadError when the chunk has not arrived after 120 s', async () => {
    vi.useFakeTimers();
    const pending = loadChunk(() => new Promise<never>(() => {})).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(119_999);
    let settled = false;
    void pending.then(() => (settled = true));
    await Promise.resolve();
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const error = await pending;
    expect(error).toBeInstanceOf(ChunkLoadError);
    expect((error as Error).message).toContain('120 s');
  });

  it('passes other errors through unchanged', async () => {
    const bug = new RangeError('a bug in the module');
    await expect(loadChunk(() => Promise.reject(bug))).rejects.toBe(bug);
  });
});

describe('isChunkLoadError', () => {
  it('recognises the browsers’ dynamic import failures', () => {
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: x.js'))).toBe(true);
    expect(isChunkLoadError(new TypeError('error loading dynamically imported module: x.js'))).toBe(true);
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError(new ChunkLoadError('x'))).toBe(true);
    expect(isChunkLoadError(new Error('Cannot read properties of undefined'))).toBe(false);
    expect(isChunkLoadError('Failed to fetch dynamically imported module')).toBe(false);
  });
});
