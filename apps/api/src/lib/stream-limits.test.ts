import { createServer, request, type IncomingMessage, type Server } from 'node:http';
import { once } from 'node:events';
import { Readable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { endWhenStalled } from './stream-limits';

describe('endWhenStalled', () => {
  let server: Server | undefined;
  afterAll(() => server?.close());

  it('ends an endless download whose client stopped reading, and leaves one that reads alone', async () => {
    const ended: string[] = [];
    server = createServer((req, res) => {
      endWhenStalled(res, 300);
      res.once('close', () => ended.push(req.url!));
      // Endless: only the client's pace (or the guard) stops it.
      Readable.from(
        (function* () {
          for (;;) yield Buffer.alloc(64 * 1024, 120);
        })(),
      ).pipe(res);
    });
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    const { port } = server.address() as { port: number };
    const open = (path: string) => new Promise<IncomingMessage>((resolve) => request({ port, host: '127.0.0.1', path }, resolve).end());

    const stalled = await open('/stalled');
    stalled.pause();
    const reading = await open('/reading');
    let received = 0;
    reading.on('data', (chunk: Buffer) => (received += chunk.length));

    await expect.poll(() => ended, { timeout: 10_000 }).toContain('/stalled');
    expect(ended).not.toContain('/reading');
    const before = received;
    await expect.poll(() => received, { timeout: 10_000 }).toBeGreaterThan(before);
    reading.destroy();
    stalled.destroy();
  });
});
