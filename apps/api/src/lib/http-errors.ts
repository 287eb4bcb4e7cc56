/** An error whose status and message are meant for the client. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

const retryAfter = (seconds: number) => ({ 'retry-after': String(Math.max(1, Math.ceil(seconds))) });

export const badRequest = (message: string) => new HttpError(400, message);
export const unauthorized = (message = 'Sign in required') => new HttpError(401, message);
export const forbidden = (message: string) => new HttpError(403, message);
export const notFound = (message: string) => new HttpError(404, message);
export const conflict = (message: string) => new HttpError(409, message);
export const tooManyRequests = (message: string, retryAfterSeconds: number) => new HttpError(429, message, retryAfter(retryAfterSeconds));
export const serviceUnavailable = (message: string, retryAfterSeconds: number) =>
  new HttpError(503, message, retryAfter(retryAfterSeconds));
