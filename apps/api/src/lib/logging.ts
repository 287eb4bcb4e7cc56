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

/**
 * Properties of database errors that carry the query's values: drizzle's DrizzleQueryError and
 * PGlite's errors keep the parameters; PostgreSQL's `detail` names the conflicting key's value
 * ("Key (email)=(x@y) already exists"), `where` and `internalQuery` can quote values too.
 */
const valueCarryingProperties = new Set(['params', 'parameters', 'queryOptions', 'detail', 'where', 'internalQuery']);

/** drizzle writes "Failed query: <sql>\nparams: <values>": the SQL is kept, the values cut off. */
function withoutParameters(text: string): string {
  const at = text.indexOf('\nparams:');
  return at === -1 ? text : text.slice(0, at);
}

/**
 * An error as it is logged: type, message, stack, code and own properties, its causes too, with
 * no value a failing query was given. A data exception (SQLSTATE class 22) quotes the refused
 * value in its message ('invalid input syntax for type integer: "…"'): only its code is kept.
 */
function serializeError(error: unknown, depth = 0): unknown {
  if (!(error instanceof Error)) return error;
  const code = (error as { code?: unknown }).code;
  const quotesValue = typeof code === 'string' && code.startsWith('22');
  const message = quotesValue ? `data exception (SQLSTATE ${code}); the value is not logged` : withoutParameters(error.message);
  let stack = error.stack ?? '';
  const stackTrace = stack.indexOf('\n    at ');
  stack = `${error.name}: ${message}${stackTrace === -1 ? '' : stack.slice(stackTrace)}`;
  const serialized: Record<string, unknown> = { type: error.constructor.name, message, stack };
  for (const [key, value] of Object.entries(error)) {
    if (valueCarryingProperties.has(key) || key === 'cause' || key === 'message' || key === 'stack') continue;
    serialized[key] = value;
  }
  if (error.cause !== undefined && depth < 5) serialized.cause = serializeError(error.cause, depth + 1);
  return serialized;
}

/** The API's logger: pino at the configured level with the redactions above (stream: tests capture lines). */
export function loggerOptions(level: string, stream?: DestinationStream): LoggerOptions & { stream?: DestinationStream } {
  return {
    level,
    redact: { paths: redactedLogPaths, censor: '[redacted]' },
    serializers: { req: serializeRequest, err: serializeError },
    ...(stream ? { stream } : {}),
  };
}
