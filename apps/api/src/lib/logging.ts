import type { DestinationStream, LoggerOptions } from 'pino';

/** Paths whose values never reach the logs. */
const redactedLogPaths = [
  'req.headers.cookie',
  'req.headers.authorization',
  'res.headers["set-cookie"]',
  '*.password',
  '*.confirmPassword',
  '*.otp',
  '*.token',
];

/**
 * A request URL as it may be logged: the path and the names of the query parameters, never
 * their values (searches carry names, e-mails and NIKs). `/a?q=siti&page=2` -> `/a?q=~&page=~`.
 */
function redactQueryValues(url: string): string {
  const queryStart = url.indexOf('?');
  if (queryStart === -1) return url;
  const names = url
    .slice(queryStart + 1)
    .split('&')
    .filter(Boolean)
    .map((pair) => {
      const equals = pair.indexOf('=');
      return `${equals === -1 ? pair : pair.slice(0, equals)}=~`;
    });
  return `${url.slice(0, queryStart)}?${names.join('&')}`;
}

/** What Fastify logs of a request ("incoming request"): its default fields, the URL without query values. */
function serializeRequest(request: { method: string; url: string; host?: string; ip?: string; socket?: { remotePort?: number } | null }) {
  return {
    method: request.method,
    url: redactQueryValues(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/** The API's logger: pino at the configured level with the redactions above (stream: tests capture lines). */
export function loggerOptions(level: string, stream?: DestinationStream): LoggerOptions & { stream?: DestinationStream } {
  return {
    level,
    redact: { paths: redactedLogPaths, censor: '[redacted]' },
    serializers: { req: serializeRequest },
    ...(stream ? { stream } : {}),
  };
}
