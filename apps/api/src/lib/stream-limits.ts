import type { ServerResponse } from 'node:http';

const guarded = new WeakSet<ServerResponse>();

/**
 * Ends a streamed answer whose client has taken nothing for `stallMs`: the socket's byte count
 * stands still while the client does not read (its buffers and ours are full). Nothing of the
 * database is held meanwhile (the lists are read page by page), but the socket, the buffers and
 * the session's stream slot are.
 */
export function endWhenStalled(res: ServerResponse, stallMs: number): void {
  // Once per answer (an export's route guards it, and so does the app's guard of large answers).
  if (guarded.has(res)) return;
  guarded.add(res);
  let lastBytes = -1;
  let lastMovedAt = Date.now();
  const timer = setInterval(
    () => {
      const socket = res.socket;
      if (!socket || res.writableFinished) return stop();
      if (socket.bytesWritten !== lastBytes) {
        lastBytes = socket.bytesWritten;
        lastMovedAt = Date.now();
      } else if (Date.now() - lastMovedAt >= stallMs) {
        stop();
        res.destroy(new Error(`the client read nothing for ${stallMs} ms`));
      }
    },
    Math.max(50, Math.min(1000, stallMs / 4)),
  );
  timer.unref();
  function stop() {
    clearInterval(timer);
  }
  res.once('close', stop);
}
