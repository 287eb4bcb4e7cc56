import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { caughtMailResponse, errorResponse, roleMay, type CaughtMail } from '@gold/contract';
import type { AppDeps } from '../../app-deps';
import { HttpError } from '../../lib/http-errors';
import { requireAdmin } from '../identity/sessions/require-admin';
import type { CaughtMailSource } from './mail-catcher';

/**
 * Only while the demo mail catcher runs (no SMTP_URL): the caught mail as JSON for tests
 * (GET /api/admin/dev/mail, in the admin scope) ...
 */
export const devMailApiRoutes: FastifyPluginAsyncZod<AppDeps & { catcher: CaughtMailSource }> = async (app, { catcher }) => {
  app.get(
    '/admin/dev/mail',
    {
      schema: {
        tags: ['demo'],
        summary: 'Demo only (no SMTP_URL): the last e-mails the API sent, newest first',
        response: { 200: caughtMailResponse, 401: errorResponse },
      },
    },
    async () => ({ data: await catcher.messages() }),
  );
};

/** ... and as a plain page for people (GET /dev/mail), for a signed-in admin. No script: the CSP allows none. */
export const devMailPageRoutes: FastifyPluginAsyncZod<AppDeps & { catcher: CaughtMailSource }> = async (app, deps) => {
  const signedIn = requireAdmin(deps);
  app.get('/dev/mail', { schema: { hide: true } }, async (request, reply) => {
    reply.header('cache-control', 'no-store').type('text/html; charset=utf-8');
    try {
      await signedIn(request);
    } catch (error) {
      if (error instanceof HttpError && error.statusCode === 401) return reply.code(401).send(page(signInFirst));
      throw error;
    }
    // As its API twin (GET /api/admin/dev/mail): the customer's codes are the counter's.
    if (!request.admin || !roleMay(request.admin.role, 'counter'))
      return reply
        .code(403)
        .send(page(`<p>Your role (${escape(request.admin?.role ?? '')}) may not work the counter, so not read its mail.</p>`));
    return page(mailList(await deps.catcher.messages()));
  });
};

const escape = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const signInFirst = '<p>Sign in to the <a href="/">back office</a> first, then open this page again.</p>';

function mailList(messages: CaughtMail[]): string {
  if (messages.length === 0) return '<p>No mail yet. Send a one-time code from a redemption, then <a href="/dev/mail">refresh</a>.</p>';
  const rows = messages.map(
    (m) => `<article>
  <h2>${escape(m.subject)}</h2>
  <p class="meta">To ${escape(m.to.join(', '))} &middot; from ${escape(m.from)} &middot; <time datetime="${escape(m.receivedAt)}">${escape(m.receivedAt.replace('T', ' ').slice(0, 19))} UTC</time></p>
  <pre>${escape(m.text)}</pre>
</article>`,
  );
  return `<p><a href="/dev/mail">Refresh</a> &middot; ${messages.length} message${messages.length === 1 ? '' : 's'}, newest first</p>\n${rows.join('\n')}`;
}

function page(content: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Caught mail (demo)</title>
<style>
body { font-family: system-ui, sans-serif; max-width: 50rem; margin: 2rem auto; padding: 0 1rem; color: #222; }
article { border: 1px solid #ccc; border-radius: 6px; padding: 0 1rem; margin: 1rem 0; }
h2 { font-size: 1.05rem; } .meta { color: #555; font-size: 0.9rem; }
pre { white-space: pre-wrap; font-size: 1rem; background: #faf7ee; padding: 0.75rem; }
</style>
</head>
<body>
<h1>Caught mail (demo)</h1>
<p>No <code>SMTP_URL</code> is set, so the API keeps the last 100 e-mails it sends here instead of delivering them.</p>
${content}
</body>
</html>
`;
}
