import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';

/** One delivery as a receiver saw it, checked with the independent Standard Webhooks library. */
export interface ReceivedDelivery {
  id: string;
  verified: boolean;
  payload: { type: string; timestamp: string; data: Record<string, unknown> } | null;
  answered: number;
}

/**
 * A platform's webhook endpoint on a real port: verifies every request with the `standardwebhooks`
 * package, answers `failNext` requests with 500 before answering 204, and can go down and come
 * back on the same port.
 */
export class WebhookReceiver {
  readonly received: ReceivedDelivery[] = [];
  /** How many of the next requests get a 500. */
  failNext = 0;
  secret = '';
  private server: Server | undefined;
  port = 0;

  get url(): string {
    return `http://127.0.0.1:${this.port}/hooks`;
  }

  /** Verified deliveries answered 2xx. */
  successes(): ReceivedDelivery[] {
    return this.received.filter((r) => r.verified && r.answered < 300);
  }

  async start(): Promise<void> {
    const server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const body = Buffer.concat(chunks).toString('utf8');
        let payload: ReceivedDelivery['payload'] = null;
        let verified = false;
        try {
          payload = new Webhook(this.secret).verify(body, plainHeaders(request.headers)) as ReceivedDelivery['payload'];
          verified = true;
        } catch {
          verified = false;
        }
        const answered = !verified ? 400 : this.failNext > 0 ? 500 : 204;
        if (verified && this.failNext > 0) this.failNext -= 1;
        this.received.push({ id: String(request.headers['webhook-id']), verified, payload, answered });
        response.statusCode = answered;
        response.end();
      });
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.port, '127.0.0.1', () => resolve());
    });
    this.port = (server.address() as AddressInfo).port;
    this.server = server;
  }

  /** Down: connections are refused until start() again (same port). */
  async stop(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    if (!server) return;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}

function plainHeaders(headers: IncomingHttpHeaders): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).map(([name, value]) => [name, Array.isArray(value) ? value.join(',') : (value ?? '')]));
}
