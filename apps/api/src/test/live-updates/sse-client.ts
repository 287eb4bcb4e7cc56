import type { ClientRequest } from 'node:http';
import type { AdminStreamMessage } from '@gold/contract';
import { requestFor } from '../test-tls';

/** One message of the stream as a test sees it: its SSE id (if any) and its JSON. */
interface StreamMessage {
  id: number | undefined;
  message: AdminStreamMessage;
}

export interface EventStreamClient {
  status: number;
  messages: StreamMessage[];
  /** Resolves with the first message (from the start) that matches, or rejects after `timeoutMs`. */
  next(match: (message: AdminStreamMessage) => boolean, timeoutMs?: number): Promise<StreamMessage>;
  /** Resolves when the server has ended the stream. */
  ended: Promise<void>;
  close(): void;
}

/** Opens GET /api/admin/events on a listening server over real HTTP and parses its frames as they come. */
export function openEventStream(origin: string, headers: Record<string, string>): Promise<EventStreamClient> {
  return new Promise((resolve, reject) => {
    let req: ClientRequest | undefined = undefined;
    const messages: StreamMessage[] = [];
    const waiters = new Set<() => void>();
    let endedResolve: () => void;
    const ended = new Promise<void>((r) => (endedResolve = r));
    req = requestFor(`${origin}/api/admin/events`, { headers: { accept: 'text/event-stream', ...headers } }, (res) => {
      let buffer = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        buffer += chunk;
        let cut: number;
        while ((cut = buffer.indexOf('\n\n')) >= 0) {
          const frame = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          const id = /^id: (\d+)$/m.exec(frame)?.[1];
          const data = /^data: (.*)$/m.exec(frame)?.[1];
          if (data) messages.push({ id: id === undefined ? undefined : Number(id), message: JSON.parse(data) as AdminStreamMessage });
        }
        waiters.forEach((wake) => wake());
      });
      res.on('end', () => endedResolve());
      res.on('close', () => endedResolve());
      resolve({
        status: res.statusCode ?? 0,
        messages,
        ended,
        close: () => req?.destroy(),
        next(match, timeoutMs = 5000) {
          return new Promise((found, fail) => {
            const check = () => {
              const hit = messages.find((m) => match(m.message));
              if (!hit) return;
              clearTimeout(timer);
              waiters.delete(check);
              found(hit);
            };
            const timer = setTimeout(() => {
              waiters.delete(check);
              fail(new Error(`no matching event within ${timeoutMs} ms; got ${JSON.stringify(messages.map((m) => m.message))}`));
            }, timeoutMs);
            waiters.add(check);
            check();
          });
        },
      });
    });
    req.on('error', reject);
    req.end();
  });
}
