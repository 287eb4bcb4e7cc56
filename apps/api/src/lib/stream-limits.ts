import type { ServerResponse } from 'node:http';

/**
 * How many streams (CSV exports, event streams) each session holds open in this process: a
 * slot is taken when a stream starts and given back when its connection closes.
 */
export function sessionSlots(max: number) {
  const held = new Map<string, number>();
  return {
    /** A release function, or undefined when the session holds `max` already. */
    take(session: string): (() => void) | undefined {
      const count = held.get(session) ?? 0;
      if (count >= max) return undefined;
      held.set(session, count + 1);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        const left = (held.get(session) ?? 1) - 1;
        if (left === 0) held.delete(session);
        else held.set(session, left);
      };
    },
  };
}

/**
 * Ends a streamed answer whose client has taken nothing for `stallMs`: the socket's byte count
 * stands still while the client does not read (its buffers and ours are full). Nothing of the
 * database is held meanwhile (the lists are read page by page), but the socket, the buffers and
 * the session's stream slot are.
 */
export function endWhenStalled(res: ServerResponse, stallMs: number): void {
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
