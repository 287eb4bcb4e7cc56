import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import type { ErrorResponse } from '@gold/contract';
import { databaseRetryAfterSeconds, isDatabaseUnavailable } from '../lib/database-unavailable';
import { HttpError } from '../lib/http-errors';

const reasonPhrases: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  409: 'Conflict',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Entity',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
};

/** The only place that writes an error body: routes, hooks and the not-found handler throw HttpError. */
function sendError(reply: FastifyReply, statusCode: number, message: string, issues?: ErrorResponse['issues']) {
  const body: ErrorResponse = { statusCode, error: reasonPhrases[statusCode] ?? 'Error', message };
  if (issues) body.issues = issues;
  return reply.code(statusCode).type('application/json; charset=utf-8').send(body);
}

/** Every error (thrown by a route, a hook or the not-found handler, or raised by Fastify) becomes the contract's JSON shape; only our own faults are 5xx, and they say nothing inside. */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof HttpError) {
      reply.headers(error.headers);
      return sendError(reply, error.statusCode, error.message);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const where = error.validationContext ?? 'request';
      const issues = error.validation.map((issue) => ({
        path: [where, ...issue.instancePath.split('/').filter(Boolean)].join('.'),
        message: issue.message ?? 'is invalid',
      }));
      const message = issues.map((issue) => `${issue.path}: ${issue.message}`).join('; ');
      return sendError(reply, 400, message, issues);
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, issues: error.cause.issues }, 'response did not match its schema');
      return sendError(reply, 500, 'Internal Server Error');
    }
    const statusCode = error.statusCode ?? 500;
    if (statusCode >= 400 && statusCode < 500) {
      // Fastify's own client errors (bad JSON, body too large, wrong content type) carry a useful message.
      return sendError(reply, statusCode, error.message);
    }
    if (isDatabaseUnavailable(error)) {
      // A restart, a failover or a saturated pool: the client may try again shortly, here or elsewhere.
      request.log.warn({ err: error }, 'database unavailable: answered 503');
      reply.header('retry-after', String(databaseRetryAfterSeconds));
      return sendError(reply, 503, 'The database is unavailable; try again shortly');
    }
    request.log.error({ err: error }, 'request failed');
    return sendError(reply, statusCode >= 500 && statusCode < 600 ? statusCode : 500, 'Internal Server Error');
  });
}
