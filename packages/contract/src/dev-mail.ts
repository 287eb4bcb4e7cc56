import { z } from 'zod';

/**
 * GET /api/dev/mail (signed in, only while the demo mail catcher runs, i.e. no SMTP_URL): the
 * last e-mails the API sent, newest first, so the demo and the browser tests can read a
 * one-time code. Never present when a real SMTP server is configured.
 */
export const caughtMail = z.object({
  id: z.number().int().positive(),
  receivedAt: z.string(),
  from: z.string(),
  to: z.array(z.string()),
  subject: z.string(),
  text: z.string(),
});
export type CaughtMail = z.infer<typeof caughtMail>;

export const caughtMailResponse = z.object({ data: z.array(caughtMail) });
export type CaughtMailResponse = z.infer<typeof caughtMailResponse>;
