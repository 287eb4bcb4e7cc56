import { CHUNK_LOAD_TIMEOUT_MS } from '@/config/constants';

/** A code chunk (a lazily loaded screen) that failed to load or did not arrive in time. */
export class ChunkLoadError extends Error {
  override readonly name = 'ChunkLoadError';
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
  }
}

/** What browsers and bundlers say when a dynamic import fails (Chromium, Firefox, Safari, Vite). */
const CHUNK_FAILURE_MESSAGES = [
  /failed to fetch dynamically imported module/i,
  /error loading dynamically imported module/i,
  /importing a module script failed/i,
  /unable to preload css/i,
  /loading (css )?chunk .* failed/i,
  /loading chunk failed/i,
];

export function isChunkLoadError(error: unknown): boolean {
  if (error instanceof ChunkLoadError) return true;
  if (!(error instanceof Error)) return false;
  return error.name === 'ChunkLoadError' || CHUNK_FAILURE_MESSAGES.some((pattern) => pattern.test(error.message));
}

/**
 * Runs a dynamic import, failing with a ChunkLoadError when it fails or has not resolved
 * after `timeoutMs` (120 s by default, the spec's chunk load time-out).
 */
export function loadChunk<T>(importer: () => Promise<T>, timeoutMs: number = CHUNK_LOAD_TIMEOUT_MS): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => {
      reject(new ChunkLoadError(`Loading chunk failed: no answer after ${Math.round(timeoutMs / 1000)} s`));
    }, timeoutMs);
    importer().then(
      (module) => {
        clearTimeout(timer);
        resolve(module);
      },
      (error: unknown) => {
        clearTimeout(timer);
        const message = error instanceof Error ? error.message : String(error);
        reject(
          isChunkLoadError(error) && !(error instanceof ChunkLoadError)
            ? new ChunkLoadError(`Loading chunk failed: ${message}`, { cause: error })
            : error,
        );
      },
    );
  });
}
