import type { FastifyRequest } from 'fastify';
import { forbidden } from '../lib/http-errors';

const safeMethods = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Refuses state-changing requests that a browser sent from another site, on top of the
 * SameSite=Strict cookie. Clients that send no Origin (curl, server-to-server) carry no
 * ambient browser cookie risk and pass.
 */
export function originCheck(allowedOrigins: readonly string[]) {
  const allowed = new Set(allowedOrigins.map((origin) => new URL(origin).origin));
  return async (request: FastifyRequest) => {
    if (safeMethods.has(request.method)) return;
    const origin = request.headers.origin;
    const fetchSite = request.headers['sec-fetch-site'];
    const ownOrigin = `${request.protocol}://${request.host}`;
    const originOk = origin === undefined || origin === ownOrigin || allowed.has(origin);
    const siteOk = fetchSite !== 'cross-site' || (origin !== undefined && allowed.has(origin));
    if (!originOk || !siteOk) {
      request.log.warn({ origin, fetchSite }, 'cross-origin state change refused');
      throw forbidden('Cross-origin request refused');
    }
  };
}
