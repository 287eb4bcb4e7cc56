import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { DestinationStream } from 'pino';
import { buildAppDeps, type AppDepsInput } from './app-deps';
import { fastifyTrustProxy } from './config/config';
import { loggerOptions } from './lib/logging';
import { notFound } from './lib/http-errors';
import { adminsRoutes } from './modules/identity/admin-management/admins.routes';
import { profileRoutes } from './modules/identity/profile/profile.routes';
import { requireAdmin } from './modules/identity/sessions/require-admin';
import { requireListedRoute, requirePermission } from './modules/identity/sessions/route-permissions';
import { sessionAdminRoutes, sessionPublicRoutes } from './modules/identity/sessions/sessions.routes';
import { signInRoutes } from './modules/identity/sign-in/sign-in.routes';
import { twoFactorAdminRoutes, twoFactorPublicRoutes } from './modules/identity/two-factor/two-factor.routes';
import { appConfigRoutes } from './modules/app-config/app-config.routes';
import { balancesRoutes } from './modules/balances/balances.routes';
import { auditRoutes } from './modules/audit/audit.routes';
import { contactsAdminRoutes, contactsPublicRoutes } from './modules/contacts/contacts.routes';
import { denominationsRoutes } from './modules/denominations/denominations.routes';
import { liveUpdatesRoutes } from './modules/live-updates/live-updates.routes';
import { exportsRoutes } from './modules/exports/exports.routes';
import { healthRoutes } from './modules/health/health.routes';
import { devMailApiRoutes, devMailPageRoutes } from './modules/mail/dev-mail.routes';
import type { CaughtMailSource } from './modules/mail/mail-catcher';
import { priceAdminRoutes, pricePublicRoutes } from './modules/prices/prices.routes';
import { purchasesRoutes } from './modules/purchases/purchases.routes';
import { receiptsRoutes } from './modules/receipts/receipts.routes';
import { redemptionsRoutes } from './modules/redemptions/redemptions.routes';
import { reservesRoutes } from './modules/reserves/reserves.routes';
import { settlementRoutes } from './modules/settlement/settlement.routes';
import { transactionsRoutes } from './modules/transactions/transactions.routes';
import { customersRoutes } from './modules/customers/customers.routes';
import { credentialsRoutes } from './modules/credentials/credentials.routes';
import { idempotencyOnSend, idempotencyPreHandler } from './modules/platform/idempotency';
import { requirePlatformCredential } from './modules/platform/platform-auth';
import { platformRoutes } from './modules/platform/platform.routes';
import { webhooksAdminRoutes } from './modules/webhooks/webhooks.routes';
import { noStoreForApi } from './plugins/api-cache-control';
import { declareSessionSecurity, openApiOptions } from './plugins/openapi-document';
import { registerErrorHandler } from './plugins/error-handler';
import { registerSecurityHeaders } from './plugins/security-headers';
import { registerStalledReaderGuard } from './plugins/stalled-readers';
import { registerMetrics } from './modules/metrics/metrics';
import { vaultRoutes } from './modules/vault/vault.routes';
import { confirmationsRoutes } from './modules/confirmations/confirmations.routes';
import { originCheck } from './plugins/origin-check';

export interface BuildAppOptions extends AppDepsInput {
  /** Folder of the built console; null serves the API only. */
  webDistDir: string | null;
  /** Where log lines go (default stdout); tests capture them. */
  logStream?: DestinationStream;
  /** The demo mail catcher (no SMTP_URL): its caught mail is served at /dev/mail and /api/admin/dev/mail. */
  mailCatcher?: CaughtMailSource;
}

export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  // The mailer, the one-time-code key and the readiness check: built once here, closed with the app.
  const { deps, close: closeDeps } = await buildAppDeps(options);
  const { config } = deps;
  const app = Fastify({
    logger: loggerOptions(config.LOG_LEVEL, options.logStream),
    trustProxy: fastifyTrustProxy(config.TRUST_PROXY),
    // Admin payloads are small; anything bigger is refused with 413 before it is parsed.
    bodyLimit: 64 * 1024,
    requestTimeout: 30_000,
    // Draining (SIGTERM, a rolling restart): a request that reaches this process after the
    // drain began (on a connection it had already accepted) is answered, with Connection:
    // close, not refused with 503: a load balancer cannot resend a POST elsewhere.
    return503OnClosing: false,
  }).withTypeProvider<ZodTypeProvider>();

  app.addHook('onClose', async () => closeDeps());
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  app.decorateRequest('admin', null);
  app.decorateRequest('platformCaller', null);
  app.decorateRequest('idempotencyClaim', null);
  app.addHook('onSend', noStoreForApi);

  registerSecurityHeaders(app);
  registerMetrics(app, deps);
  registerStalledReaderGuard(app, config.STREAM_STALL_SECONDS * 1000);
  await app.register(fastifyCompress, { global: true, threshold: 1024 });
  await app.register(fastifyCookie);
  await app.register(fastifySwagger, openApiOptions());

  await app.register(
    async (api) => {
      api.addHook('onRequest', originCheck(config.ALLOWED_ORIGINS));
      api.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());
      await api.register(healthRoutes, deps);
      await api.register(pricePublicRoutes, deps);
      await api.register(appConfigRoutes, deps);
      await api.register(signInRoutes, deps);
      await api.register(sessionPublicRoutes, deps);
      await api.register(contactsPublicRoutes, deps);
      await api.register(twoFactorPublicRoutes, deps);
      await api.register(async (adminScope) => {
        adminScope.addHook('onRequest', requireAdmin(deps));
        // Then the role: every route of this scope is in the contract's permission table (checked as it is added).
        adminScope.addHook('onRequest', requirePermission);
        adminScope.addHook('onRoute', requireListedRoute);
        adminScope.addHook('onRoute', declareSessionSecurity);
        await adminScope.register(sessionAdminRoutes, deps);
        await adminScope.register(customersRoutes, deps);
        await adminScope.register(transactionsRoutes, deps);
        await adminScope.register(purchasesRoutes, deps);
        await adminScope.register(exportsRoutes, deps);
        await adminScope.register(balancesRoutes, deps);
        await adminScope.register(redemptionsRoutes, deps);
        await adminScope.register(denominationsRoutes, deps);
        await adminScope.register(reservesRoutes, deps);
        await adminScope.register(vaultRoutes, deps);
        await adminScope.register(confirmationsRoutes, deps);
        await adminScope.register(settlementRoutes, deps);
        await adminScope.register(receiptsRoutes, deps);
        await adminScope.register(liveUpdatesRoutes, deps);
        await adminScope.register(priceAdminRoutes, deps);
        await adminScope.register(adminsRoutes, deps);
        await adminScope.register(contactsAdminRoutes, deps);
        await adminScope.register(profileRoutes, deps);
        await adminScope.register(auditRoutes, deps);
        await adminScope.register(twoFactorAdminRoutes, deps);
        if (options.mailCatcher) await adminScope.register(devMailApiRoutes, { ...deps, catcher: options.mailCatcher });
        await adminScope.register(credentialsRoutes, deps);
        await adminScope.register(webhooksAdminRoutes, deps);
      });
      // The customer platform's calls: a Bearer credential with the route's scope, never a session.
      await api.register(async (platformScope) => {
        platformScope.addHook('onRequest', requirePlatformCredential(deps));
        platformScope.addHook('preHandler', idempotencyPreHandler(deps.db));
        platformScope.addHook('onSend', idempotencyOnSend(deps.db));
        const [openHour, closeHour] = config.COUNTER_HOURS;
        await platformScope.register(platformRoutes, { ...deps, counterHours: { days: config.COUNTER_DAYS, openHour, closeHour } });
      });
    },
    { prefix: '/api' },
  );
  if (options.mailCatcher) await app.register(devMailPageRoutes, { ...deps, catcher: options.mailCatcher });

  const indexHtml = options.webDistDir ? join(options.webDistDir, 'index.html') : null;
  const serveConsole = indexHtml !== null && existsSync(indexHtml);
  if (serveConsole && options.webDistDir) {
    await app.register(fastifyStatic, {
      root: options.webDistDir,
      wildcard: false,
      // The console build ships .br and .gz beside each file (maximum compression, done once).
      preCompressed: true,
      cacheControl: false,
      setHeaders(res, path) {
        // Hashed bundles never change; index.html must always be revalidated.
        res.header('cache-control', path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  const guardUnknownAdminRoute = requireAdmin(deps);
  const guardUnknownPlatformRoute = requirePlatformCredential(deps);
  app.setNotFoundHandler(async (request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    if (path.startsWith('/api/admin/') || path.startsWith('/api/account/')) {
      // Without a session an unknown admin route answers like a known one: 401, revealing nothing.
      await guardUnknownAdminRoute(request);
    }
    // Likewise without a live credential on the platform's prefix (a credential then meets the 404).
    if (path.startsWith('/api/platform/'))
      await guardUnknownPlatformRoute(request).catch((error: { statusCode?: number }) => {
        if (error.statusCode === 401) throw error;
      });
    const isPageRequest =
      (request.method === 'GET' || request.method === 'HEAD') && !path.startsWith('/api/') && !path.startsWith('/assets/');
    if (serveConsole && isPageRequest) {
      // The console routes in the browser: every page path gets index.html.
      return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').sendFile('index.html');
    }
    throw notFound(`Route ${request.method} ${path} not found`);
  });

  return app;
}
