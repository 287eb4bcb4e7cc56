import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import fastifyHelmet from '@fastify/helmet';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from './app-deps';
import { accountRoutes, authPublicRoutes } from './modules/auth/auth.routes';
import { requireAdmin } from './modules/auth/require-admin';
import { appConfigRoutes } from './modules/app-config/app-config.routes';
import { healthRoutes } from './modules/health/health.routes';
import { registerErrorHandler, sendError } from './plugins/error-handler';
import { originCheck } from './plugins/origin-check';

export interface BuildAppOptions extends AppDeps {
  /** Folder of the built console; null serves the API only. */
  webDistDir: string | null;
  logger?: FastifyServerOptions['logger'];
}

/** Paths whose values never reach the logs. */
export const redactedLogPaths = [
  'req.headers.cookie',
  'req.headers.authorization',
  'res.headers["set-cookie"]',
  '*.password',
  '*.confirmPassword',
  '*.otp',
  '*.token',
];

export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { db, config } = options;
  const deps: AppDeps = { db, config };
  const app = Fastify({
    logger: options.logger ?? { level: config.LOG_LEVEL, redact: { paths: redactedLogPaths, censor: '[redacted]' } },
    trustProxy: config.TRUST_PROXY,
    // Admin payloads are small; anything bigger is refused with 413 before it is parsed.
    bodyLimit: 64 * 1024,
    requestTimeout: 30_000,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  app.decorateRequest('admin', null);

  await app.register(fastifyHelmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Emotion (MUI) injects <style> elements at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    // The demo serves plain http on localhost; HSTS belongs to the TLS terminator in production.
    strictTransportSecurity: false,
  });
  await app.register(fastifyCompress, { global: true, threshold: 1024 });
  await app.register(fastifyCookie);
  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'Gold Back Office API', version: '1.0.0', description: 'Back-office API of the gold-backed token platform.' },
      components: { securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: 'bo_session' } } },
    },
    transform: jsonSchemaTransform,
  });

  await app.register(
    async (api) => {
      api.addHook('onRequest', originCheck(config.ALLOWED_ORIGINS));
      api.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());
      await api.register(healthRoutes, deps);
      await api.register(appConfigRoutes, deps);
      await api.register(authPublicRoutes, deps);
      await api.register(async (adminScope) => {
        adminScope.addHook('onRequest', requireAdmin(deps));
        await adminScope.register(accountRoutes, deps);
      });
    },
    { prefix: '/api' },
  );

  const indexHtml = options.webDistDir ? join(options.webDistDir, 'index.html') : null;
  const serveConsole = indexHtml !== null && existsSync(indexHtml);
  if (serveConsole && options.webDistDir) {
    await app.register(fastifyStatic, {
      root: options.webDistDir,
      wildcard: false,
      cacheControl: false,
      setHeaders(res, path) {
        // Hashed bundles never change; index.html must always be revalidated.
        res.header('cache-control', path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  const guardUnknownAdminRoute = requireAdmin(deps);
  app.setNotFoundHandler(async (request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    if (path.startsWith('/api/admin/') || path.startsWith('/api/account/')) {
      // Without a session an unknown admin route answers like a known one: 401, revealing nothing.
      await guardUnknownAdminRoute(request, reply);
      if (reply.sent) return reply;
    }
    const isPageRequest = (request.method === 'GET' || request.method === 'HEAD') && !path.startsWith('/api/') && !path.startsWith('/assets/');
    if (serveConsole && isPageRequest) {
      // The console routes in the browser: every page path gets index.html.
      return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').sendFile('index.html');
    }
    return sendError(reply, 404, `Route ${request.method} ${path} not found`);
  });

  return app;
}
