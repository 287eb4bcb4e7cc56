import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import type { CaughtMail } from '@gold/contract';

/** Where /dev/mail reads caught mail from: a catcher's memory, or the database every API process writes to. */
export interface CaughtMailSource {
  /** Newest first. */
  messages(): CaughtMail[] | Promise<CaughtMail[]>;
}

/** The demo's mail server: mail sent to it stays in memory (the newest `keep` messages) instead of going out. */
export interface MailCatcher extends CaughtMailSource {
  /** Where to send: `smtp://127.0.0.1:<port>` with TLS turned off. */
  smtpUrl: string;
  /** Newest first. */
  messages(): CaughtMail[];
  close(): Promise<void>;
}

/**
 * An in-process SMTP server on 127.0.0.1 and a free port. STARTTLS is turned off (smtp-server's
 * built-in certificate has expired, and the mail never leaves the machine) and so is AUTH; no
 * logging, so caught codes appear only on the development page. `store` also gets each message
 * to a store (the database, so every API process shows it); a message it cannot keep is
 * refused, so the sender knows it was not delivered.
 */
export async function startMailCatcher(
  options: { keep?: number; store?: (mail: Omit<CaughtMail, 'id'>) => Promise<void> } = {},
): Promise<MailCatcher> {
  const keep = options.keep ?? 100;
  const caught: CaughtMail[] = [];
  let nextId = 1;
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS', 'AUTH'],
    authOptional: true,
    logger: false,
    size: 256 * 1024,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('error', callback);
      stream.on('end', () => {
        if ((stream as { sizeExceeded?: boolean }).sizeExceeded)
          return callback(Object.assign(new Error('message too big'), { responseCode: 552 }));
        const parsed = parseMessage(Buffer.concat(chunks).toString('utf8'));
        const mailFrom = session.envelope.mailFrom;
        const mail = {
          receivedAt: new Date().toISOString(),
          from: parsed.headers.get('from') ?? (mailFrom ? mailFrom.address : ''),
          to: session.envelope.rcptTo.map((r) => r.address),
          subject: parsed.headers.get('subject') ?? '',
          text: parsed.text,
        };
        (options.store ? options.store(mail) : Promise.resolve()).then(
          () => {
            caught.unshift({ id: nextId++, ...mail });
            caught.length = Math.min(caught.length, keep);
            callback();
          },
          () => callback(Object.assign(new Error('the message could not be kept'), { responseCode: 451 })),
        );
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    // Exclusive: in a cluster worker (WORKERS=N) the catcher is this process's own, not a port shared through the primary.
    server.listen({ port: 0, host: '127.0.0.1', exclusive: true }, () => resolve());
  });
  const { port } = server.server.address() as AddressInfo;
  return {
    smtpUrl: `smtp://127.0.0.1:${port}?ignoreTLS=true`,
    messages: () => caught.map((m) => ({ ...m, to: [...m.to] })),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * Enough of RFC 5322/2045/2047 for the single-part text mail the API sends: unfolded headers
 * (encoded words decoded) and the body decoded from quoted-printable or base64.
 */
function parseMessage(raw: string): { headers: Map<string, string>; text: string } {
  const normalised = raw.replace(/\r\n/g, '\n');
  const split = normalised.indexOf('\n\n');
  const head = split === -1 ? normalised : normalised.slice(0, split);
  const body = split === -1 ? '' : normalised.slice(split + 2);
  const headers = new Map<string, string>();
  for (const line of head.replace(/\n[ \t]+/g, ' ').split('\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), decodeWords(line.slice(colon + 1).trim()));
  }
  const encoding = (headers.get('content-transfer-encoding') ?? '7bit').toLowerCase();
  const text =
    encoding === 'quoted-printable'
      ? decodeQuotedPrintable(body)
      : encoding === 'base64'
        ? Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8')
        : body;
  return { headers, text: text.replace(/\n$/, '') };
}

function decodeQuotedPrintable(text: string): string {
  const bytes: number[] = [];
  const soft = text.replace(/=\n/g, '');
  for (let i = 0; i < soft.length; i++) {
    const hex = soft.slice(i + 1, i + 3);
    if (soft[i] === '=' && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(soft[i]!, 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

function decodeWords(value: string): string {
  // Space between two encoded words is not part of the text.
  return value
    .replace(/(\?=)\s+(?==\?)/g, '$1')
    .replace(/=\?([^?]+)\?([BbQq])\?([^?]*)\?=/g, (_match, _charset: string, kind: string, data: string) =>
      kind.toUpperCase() === 'B' ? Buffer.from(data, 'base64').toString('utf8') : decodeQuotedPrintable(data.replace(/_/g, ' ')),
    );
}
