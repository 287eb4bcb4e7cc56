import type { FastifyReply, FastifyRequest } from 'fastify';

const isApiPath = (url: string) => {
  const path = url.split('?', 1)[0] ?? '';
  return path === '/api' || path.startsWith('/api/');
};

/**
 * onSend hook: every answer under /api, errors and 404s included, is `Cache-Control: no-store`
 * (session-bound data stays out of browser and proxy caches). The console's files keep
 * their own caching.
 */
export async function noStoreForApi(request: FastifyRequest, reply: FastifyReply) {
  if (isApiPath(request.url)) reply.header('cache-control', 'no-store');
}
