/**
 * Errors that mean "the database cannot serve this now" rather than "this request is wrong":
 * the server shutting down or restarting (a failover, a minor upgrade), a connection refused or
 * cut, no pool connection free within the acquire time-out, and a statement or an idle
 * transaction ended by the server's time-outs. The API answers them 503 with Retry-After.
 */
const unavailableSqlStates = new Set([
  '57P01', // admin_shutdown: the server is stopping (fast shutdown, failover)
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now: starting up or shutting down
  '57014', // query_canceled: statement_timeout
  '25P03', // idle_in_transaction_session_timeout
  '53300', // too_many_connections
  '08000', // connection_exception and its kinds
  '08001',
  '08003',
  '08004',
  '08006',
]);
const unavailableSocketCodes = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN']);
/** node-postgres and pg-pool say these in words, without a code. */
const unavailableMessages = [
  /^Connection terminated/,
  /^timeout exceeded when trying to connect/,
  /^Client has encountered a connection error and is not queryable/,
  /^Client was closed and is not queryable/,
  /^Cannot use a pool after calling end on the pool/,
];

/** Seconds a client is asked to wait before trying again. */
export const databaseRetryAfterSeconds = 5;

/** Whether this error, or one of its causes (drizzle wraps the driver's), is the database being away or saturated. */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current = error, depth = 0; current instanceof Error && depth < 5; current = current.cause, depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && (unavailableSqlStates.has(code) || unavailableSocketCodes.has(code))) return true;
    if (unavailableMessages.some((pattern) => pattern.test(current.message))) return true;
  }
  return false;
}
