import nodemailer from 'nodemailer';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
}

/** Sends e-mail; `send` throws MailNotSent when the message did not leave. */
export interface Mailer {
  /** False when no SMTP server is configured: nothing can be sent. */
  readonly configured: boolean;
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}

/** The message did not reach the mail server. `reason` is safe to log (never the message or its code). */
export class MailNotSent extends Error {
  constructor(readonly reason: string) {
    super(`mail not sent: ${reason}`);
  }
}

/**
 * Mail through the SMTP server named by `smtpUrl` (nodemailer: smtp:// or smtps://, options as
 * query parameters). Short time-outs: an operator is waiting at the counter. Nodemailer's own
 * logger stays off, so no message body (a one-time code) ever reaches a log.
 */
export function createMailer(settings: { smtpUrl: string | undefined; from: string }): Mailer {
  const { smtpUrl, from } = settings;
  if (!smtpUrl) {
    return {
      configured: false,
      async send() {
        throw new MailNotSent('no SMTP server is configured (SMTP_URL)');
      },
      close() {},
    };
  }
  const transport = nodemailer.createTransport({
    url: smtpUrl,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
    logger: false,
    debug: false,
  });
  return {
    configured: true,
    async send(mail) {
      try {
        await transport.sendMail({ from, to: mail.to, subject: mail.subject, text: mail.text });
      } catch (error) {
        const { code, responseCode } = error as { code?: string; responseCode?: number };
        throw new MailNotSent([code, responseCode].filter(Boolean).join(' ') || 'the mail server refused the message');
      }
    },
    close: () => transport.close(),
  };
}
