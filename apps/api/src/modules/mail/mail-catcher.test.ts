import { afterAll, describe, expect, it } from 'vitest';
import { createMailer } from './mailer';
import { startMailCatcher } from './mail-catcher';

const catcher = await startMailCatcher({ keep: 3 });
afterAll(() => catcher.close());

describe('demo mail catcher', () => {
  const mailer = createMailer({ smtpUrl: catcher.smtpUrl, from: 'Emas Digital <no-reply@example.com>' });
  afterAll(() => mailer.close());

  it('catches what nodemailer sends over SMTP, decoded: non-ASCII subject and text, long lines', async () => {
    const long = `Kode: 042917 ${'panjang '.repeat(30)}`.trim();
    await mailer.send({
      to: 'ñoño.pérez@example.com',
      subject: 'Kode pengambilan emas — Ñoño (#12)',
      text: `Halo Ñoño Pérez,\n\n${long}\nSampai jumpa`,
    });
    const [mail] = catcher.messages();
    expect(mail).toMatchObject({
      id: 1,
      to: ['ñoño.pérez@example.com'],
      from: 'Emas Digital <no-reply@example.com>',
      subject: 'Kode pengambilan emas — Ñoño (#12)',
      text: `Halo Ñoño Pérez,\n\n${long}\nSampai jumpa`,
    });
    expect(Date.now() - Date.parse(mail!.receivedAt)).toBeLessThan(60_000);
  });

  it('keeps the newest messages only, newest first', async () => {
    for (const n of [2, 3, 4, 5]) await mailer.send({ to: `c${n}@example.com`, subject: `mail ${n}`, text: 'x' });
    expect(catcher.messages().map((m) => m.subject)).toEqual(['mail 5', 'mail 4', 'mail 3']);
  });

  it('a mailer without a server refuses to send, saying why', async () => {
    const none = createMailer({ smtpUrl: undefined, from: 'x@example.com' });
    expect(none.configured).toBe(false);
    await expect(none.send({ to: 'a@example.com', subject: 's', text: 't' })).rejects.toThrow('no SMTP server is configured (SMTP_URL)');
  });
});
